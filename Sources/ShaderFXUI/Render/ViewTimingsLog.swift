import Foundation

extension ViewTimings {
    /// Whether every render writes its timings to standard error (`SHADERFX_VIEW_TIMINGS=1`):
    /// how `make bench` and a profiling session see each frame of `animate --view`, warm ones
    /// included, which the commands' own summaries do not split.
    static let printsEachRender = ProcessInfo.processInfo.environment["SHADERFX_VIEW_TIMINGS"] == "1"

    /// Two lines: `view timings: resolve 1.2 ms, layout 0.8 ms, draw 30.1 ms, read-back 9.7 ms`,
    /// then the draw's work (`workLine`).
    static func print(_ t: ViewTimings) {
        func ms(_ d: Duration) -> String { String(format: "%.2f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000) }
        let line = "view timings: resolve \(ms(t.resolve)), layout \(ms(t.layout)), draw \(ms(t.draw)), read-back \(ms(t.readBack))\n"
        FileHandle.standardError.write(Data((line + workLine(t)).utf8))
    }

    /// One line: `view draw work: 75 draw calls, 2 clears, 75 program switches, …; masks 0 rasterised, 72 reused`.
    static func workLine(_ t: ViewTimings) -> String {
        let w = t.work
        return "view draw work: \(w.drawCalls) draw calls, \(w.clears) clears, \(w.programSwitches) program switches, "
            + "\(w.uniformSets) uniform sets, \(w.textureBinds) texture binds, \(w.samplingSets) sampling sets, "
            + "\(w.framebufferBinds) framebuffer binds, \(w.viewports) viewports, \(w.blendSets) blend sets, \(w.textureUploads) uploads of \(w.uploadBytes) bytes; "
            + "masks \(t.masksRasterised) rasterised, \(t.masksReused) reused\n"
    }
}
