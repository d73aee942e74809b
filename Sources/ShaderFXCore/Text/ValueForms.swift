/// Parsing and describing numeric value forms.
package enum ValueForms {
    /// A finite `Double`, ignoring surrounding whitespace.
    package static func finite(_ text: String) -> Double? {
        Double(text.trimmed).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A `Double` that is also finite as a `Float`.
    package static func finiteFloat(_ text: String) -> Float? {
        finite(text).map(Float.init).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A `maxSampleOffset` in points: "W" (both axes) or "W,H", each finite and >= 0, as the
    /// command line's `--max-sample-offset` and a golden case's `"maxSampleOffset"` take it.
    package static func sampleOffset(_ text: String) -> SIMD2<Float>? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { finiteFloat(String($0)) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return SIMD2(parts[0]!, parts[parts.count - 1]!)
    }

    /// "a positive integer", "an integer in 1...240", ...
    package static func integer(in range: ClosedRange<Int>?) -> String {
        guard let range else { return "an integer" }
        switch (range.lowerBound, range.upperBound) {
        case (Int.min, Int.max): return "an integer"
        case (1, Int.max): return "a positive integer"
        case (0, Int.max): return "a non-negative integer"
        case (let low, Int.max): return "an integer >= \(low)"
        case (Int.min, let high): return "an integer <= \(high)"
        case (let low, let high): return "an integer in \(low)...\(high)"
        }
    }

    /// "a finite number", "a number in 0...1", "a finite number >= 0", ...
    package static func number(in range: ClosedRange<Double>?) -> String {
        guard let range else { return "a finite number" }
        let low = range.lowerBound, high = range.upperBound
        switch (low.isFinite, high.isFinite) {
        case (true, true): return "a number in \(format(low))...\(format(high))"
        case (true, false): return "a finite number >= \(format(low))"
        case (false, true): return "a finite number <= \(format(high))"
        case (false, false): return "a finite number"
        }
    }

    /// `1` rather than `1.0` for whole numbers.
    package static func format(_ x: Double) -> String {
        abs(x) < 1e15 && x == Double(Int(x)) ? String(Int(x)) : String(x)
    }
}
