import ShaderFXCore

#if canImport(Glibc)
import Glibc
#endif

/// A progress bar with frames per second on standard error, for terminals only.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    mutating func update(done: Int, elapsed: Duration) {
        guard enabled else { return }
        let percent = done * 100 / max(1, total)
        guard percent != lastDrawn || done == total else { return }
        lastDrawn = percent
        let width = 30
        let filled = done * width / max(1, total)
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let rate = Double(done) / max(elapsed.seconds, 1e-6)
        Output.write("\r[\(bar)] \(done)/\(total) frames  \(format(rate)) frames/s ", to: STDERR_FILENO)
    }

    func finish() {
        guard enabled else { return }
        Output.write("\n", to: STDERR_FILENO)
    }
}
