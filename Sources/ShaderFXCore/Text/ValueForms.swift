/// Parsing and describing the value forms users type.
package enum ValueForms {
    /// A finite `Double`, ignoring surrounding whitespace.
    package static func finite(_ text: String) -> Double? {
        Double(text.trimmed).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A `Double` that is also finite as a `Float`.
    package static func finiteFloat(_ text: String) -> Float? {
        finite(text).map(Float.init).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The one reader of each value form a user types: the command line's options, a built-in
    /// effect's parameters (`ParameterValues`), `--arg`, golden cases, batch jobs and keyframes
    /// all read `X,Y`, `WxH`, numbers, durations and sample offsets here, so a form is accepted
    /// or refused alike wherever it is typed. Colours are read by `RGBA.parse` (ShaderFX).

    /// The whole number in `text`, ignoring surrounding whitespace.
    package static func integer(_ text: String) -> Int? {
        Int(text.trimmed)
    }

    /// `true`/`false`, also `yes`/`no`, `on`/`off`, `1`/`0` (any case, surrounding whitespace ignored).
    package static func bool(_ text: String) -> Bool? {
        switch text.trimmed.lowercased() {
        case "true", "yes", "1", "on": true
        case "false", "no", "0", "off": false
        default: nil
        }
    }

    /// Finite numbers separated by commas (`1,2.5,-3`); nil when a part is empty (`1,,2`, `1,`,
    /// `,2`) or not a finite number, or when the count is not in `count`.
    package static func doubles(_ text: String, count: ClosedRange<Int> = 1...Int.max) -> [Double]? {
        var values: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = finite(String(part)) else { return nil }
            values.append(value)
        }
        return count.contains(values.count) ? values : nil
    }

    /// `doubles`, each also finite as a `Float`: what a shader's `float`, `vec2`... and
    /// `FloatArray` arguments take.
    package static func numbers(_ text: String, count: ClosedRange<Int> = 1...Int.max) -> [Float]? {
        guard let values = doubles(text, count: count) else { return nil }
        let floats = values.map(Float.init)
        return floats.allSatisfy(\.isFinite) ? floats : nil
    }

    /// A point or 2-vector `X,Y`: exactly two finite numbers (`-5,10`); `1,,2`, `1,` and `,2`
    /// are refused.
    package static func point(_ text: String) -> SIMD2<Float>? {
        numbers(text, count: 2...2).map { SIMD2($0[0], $0[1]) }
    }

    /// `point` at `Double` precision (a touch of an event script).
    package static func coordinates(_ text: String) -> SIMD2<Double>? {
        doubles(text, count: 2...2).map { SIMD2($0[0], $0[1]) }
    }

    /// How a point is written, for messages.
    package static let pointForm = "two numbers X,Y"

    /// A size `WxH` (`512x384`, `X` too): two whole numbers, each within `sides`.
    package static func size(_ text: String, sides: ClosedRange<Int> = 1...16384) -> SIMD2<Int>? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = integer(String(parts[0])), let h = integer(String(parts[1])),
              sides.contains(w), sides.contains(h) else { return nil }
        return SIMD2(w, h)
    }

    /// A duration or a time in seconds: a finite number >= 0 (`2`, `0.25`).
    package static func duration(_ text: String) -> Double? {
        finite(text).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A `maxSampleOffset` in points: "W" (both axes) or "W,H", each finite and >= 0, as the
    /// command line's `--max-sample-offset` and a golden case's `"maxSampleOffset"` take it.
    package static func sampleOffset(_ text: String) -> SIMD2<Float>? {
        guard let parts = numbers(text, count: 1...2), parts.allSatisfy({ $0 >= 0 }) else { return nil }
        return SIMD2(parts[0], parts[parts.count - 1])
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
