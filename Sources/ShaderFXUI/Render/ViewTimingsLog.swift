import Foundation

extension ViewTimings {
    /// Whether every render writes its timings to standard error (`SHADERFX_VIEW_TIMINGS=1`):
    /// how `make bench` and a profiling session see each frame of `animate --view`, warm ones
    /// included, which the commands' own summaries do not split.
    static let printsEachRender = ProcessInfo.processInfo.environment["SHADERFX_VIEW_TIMINGS"] == "1"

    /// One line: `view timings: resolve 1.2 ms, layout 0.8 ms, draw 30.1 ms, read-back 9.7 ms`.
    static func print(_ t: ViewTimings) {
        func ms(_ d: Duration) -> String { String(format: "%.2f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000) }
        let line = "view timings: resolve \(ms(t.resolve)), layout \(ms(t.layout)), draw \(ms(t.draw)), read-back \(ms(t.readBack))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
