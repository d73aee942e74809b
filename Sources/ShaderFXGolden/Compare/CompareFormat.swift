import ShaderFXCore
import Foundation

/// Number formatting for reports.
package enum CompareFormat {
    /// `value` with `digits` decimals, e.g. `fixed(0.31234, 3)` is "0.312".
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : "-inf" }
        return String(format: "%.\(digits)f", value)
    }

    /// The shortest form: "0.1", "2", "0.001".
    package static func number(_ value: Double) -> String {
        ValueForms.format(value)
    }

    /// "0", "100", "0.1% (307 pixels)", "100 and 0.1% (307 pixels)".
    package static func budget(_ options: ComparisonOptions, total: Int) -> String {
        var parts: [String] = []
        if let count = options.maxDifferentPixels { parts.append("\(count)") }
        if let ratio = options.maxDifferentRatio {
            let pixels = Int((ratio * Double(total)).rounded(.down))
            parts.append("\(CompareFormat.number(ratio * 100))% (\(pixels) pixels)")
        }
        return parts.isEmpty ? "0" : parts.joined(separator: " and ")
    }
}
