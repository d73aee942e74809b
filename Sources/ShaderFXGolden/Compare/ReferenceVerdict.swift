import Foundation

/// How a picture stands against its reference: the judgement `shaderfx test` and
/// ShaderFXTesting's `expectImage` share, so both pass and fail alike.
package enum ReferenceVerdict: Equatable {
    /// Bit for bit the same.
    case identical
    /// Different, but within the tolerance.
    case withinTolerance
    /// Outside the tolerance (or another size): what to say, and the difference picture when
    /// the sizes agree.
    case failed(message: String, diff: RGBAImage?)

    /// Judges `actual` (already quantised as a written file would be) against `reference`.
    /// - Parameters:
    ///   - reference: the reference picture.
    ///   - actual: the picture under test.
    ///   - tolerance: how close is close enough.
    ///   - name: what the message calls the picture.
    package static func judge(reference: RGBAImage, actual: RGBAImage, tolerance: ComparisonOptions,
                              name: String) -> ReferenceVerdict {
        if ImageComparison.areIdentical(reference, actual) { return .identical }
        do {
            let (report, diff) = try ImageComparison.compareWithDiff(expected: reference, actual: actual, options: tolerance)
            if report.passed { return .withinTolerance }
            return .failed(message: failureMessage(report, tolerance: tolerance, name: name), diff: diff)
        } catch {
            return .failed(message: "\(name): \(error)", diff: nil)
        }
    }

    /// "NAME: 12 pixels differ (0.5%) by more than 0.1 (largest delta 0.3 at (4, 5), ...), allowed 0".
    static func failureMessage(_ report: ComparisonReport, tolerance: ComparisonOptions, name: String) -> String {
        if let mean = report.flipMean, let limit = tolerance.maxMeanFLIP {
            return "\(name): ꟻLIP mean error \(CompareFormat.fixed(mean, 4)) over \(CompareFormat.number(limit)) at "
                + "\(CompareFormat.number(tolerance.flipPixelsPerDegree)) pixels per degree"
        }
        let total = report.width * report.height
        let at = report.maxDeltaAt.map { " at \($0)" } ?? ""
        return "\(name): \(report.differentPixels) pixels differ (\(CompareFormat.fixed(report.differentRatio * 100, 3))%) "
            + "by more than \(CompareFormat.number(tolerance.threshold)) (largest delta \(CompareFormat.fixed(report.maxDelta, 4))\(at), "
            + "\(Int(report.maxChannelDifference.rounded())) levels on one channel; "
            + "PSNR \(report.psnr.isFinite ? CompareFormat.fixed(report.psnr, 1) + " dB" : "infinite"), "
            + "SSIM \(CompareFormat.fixed(report.ssim, 4))), allowed \(CompareFormat.budget(tolerance, total: total))"
    }
}
