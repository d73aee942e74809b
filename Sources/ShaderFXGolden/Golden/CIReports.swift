import Foundation

/// A suite's outcome in the forms CI systems read: JUnit XML (as XCTest and Playwright reporters
/// write it) and GitHub Actions annotations.
package enum CIReports {
    /// JUnit XML: one `<testsuite>` for the suite, one `<testcase>` per case; a failed case holds
    /// a `<failure>` with its message and failing frames, a recorded one a `<skipped>` saying what
    /// was recorded (it was not compared).
    package static func junit(_ outcome: SuiteOutcome) -> String {
        let name = "shaderfx test " + outcome.suite
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<testsuites name="\#(escape(name))" tests="\#(outcome.cases.count)" failures="\#(outcome.failed)" skipped="\#(outcome.recorded)">"#,
                     #"  <testsuite name="\#(escape(name))" tests="\#(outcome.cases.count)" failures="\#(outcome.failed)" skipped="\#(outcome.recorded)" errors="0">"#,
                     #"    <properties><property name="renderer" value="\#(escape(outcome.renderer))"/><property name="family" value="\#(escape(outcome.family))"/><property name="recordMode" value="\#(outcome.recordMode.rawValue)"/>\#(shardProperty(outcome))</properties>"#]
        for item in outcome.cases {
            let open = #"    <testcase classname="\#(escape(outcome.suite))" name="\#(escape(item.name))" file="\#(escape(item.file))""#
            switch item.status {
            case .passed:
                lines.append(open + "/>")
            case .recorded:
                let what = item.frames.filter { $0.status == .recorded }.compactMap(\.reference).joined(separator: ", ")
                lines.append(open + ">")
                lines.append(#"      <skipped message="recorded \#(escape(what)); not compared"/>"#)
                lines.append("    </testcase>")
            case .failed:
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape(summary(of: item)))">\#(escape(details(of: item)))</failure>"#)
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>", ""]
        return lines.joined(separator: "\n")
    }

    /// A shard's `K/N`, or the shards a merged report combines, as one more property.
    private static func shardProperty(_ outcome: SuiteOutcome) -> String {
        if let shard = outcome.shard { return #"<property name="shard" value="\#(shard.shard)"/>"# }
        if let shards = outcome.mergedFrom {
            return #"<property name="mergedShards" value="\#(shards.map { "\($0.index)/\($0.count)" }.joined(separator: " "))"/>"#
        }
        return ""
    }

    /// One `::error` line per failed case for GitHub Actions (`GITHUB_ACTIONS=true`), which
    /// shows them on the workflow run and beside the case file.
    package static func githubAnnotations(_ outcome: SuiteOutcome) -> [String] {
        outcome.cases.filter { $0.status == .failed }.map { item in
            "::error file=\(property(item.file)),title=\(property("shaderfx test: \(item.name)"))::\(data(details(of: item)))"
        }
    }

    /// The case's failure in one line: how many frames failed and why the first did (blank,
    /// unchanged, over the metric, sizes, no reference), as CI pages show only this line.
    static func summary(of item: CaseOutcome) -> String {
        if !item.message.isEmpty { return item.message }
        let failing = item.frames.filter { $0.status == .failed }
        let count = failedCount(item)
        guard let first = failing.first else { return count }
        return "\(count); \(first.name): \(first.message)\(failing.count > 1 ? " (and \(failing.count - 1) more)" : "")"
    }

    /// `2 of 3 frames failed`.
    static func failedCount(_ item: CaseOutcome) -> String {
        "\(item.frames.filter { $0.status == .failed }.count) of \(item.frames.count) frame\(item.frames.count == 1 ? "" : "s") failed"
    }

    /// The case's failure with one line per failing frame.
    static func details(of item: CaseOutcome) -> String {
        if !item.message.isEmpty { return item.message }
        return ([failedCount(item)] + item.frames.filter { $0.status == .failed }.map { "\($0.name): \($0.message)" })
            .joined(separator: "\n")
    }

    /// Text for an XML attribute or element: the HTML report's escaping, with line breaks kept
    /// as character references and the control characters XML 1.0 forbids dropped.
    static func escape(_ text: String) -> String {
        let allowed = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return GoldenReport.escape(String(String.UnicodeScalarView(allowed))).replacingOccurrences(of: "\n", with: "&#10;")
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property: also `:` and `,` escaped.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
