import ShaderFXCore
import ShaderFXGolden

#if canImport(Glibc)
import Glibc
#endif

/// `--strict`, and the warning every rendering command gives when what it wrote is blank: a
/// picture wholly transparent or one colour, or an effect that left its input as it was
/// (``BlankPicture``): the renders a test would otherwise record and pass against.
struct BlankCheckFlags: ParsableArguments {
    @Flag(help: "exit 1 when the result is blank (wholly transparent or one colour) or the effect changed nothing; without it these are warnings on standard error")
    var strict: Bool

    /// Warns (on standard error, also under --quiet) about `blank` in `what`; returns whether
    /// the command must then fail (under --strict).
    func warn(_ blank: BlankPicture?, in what: String) -> Bool {
        guard let blank else { return false }
        Output.write("shaderfx: warning: \(what): \(blank)\(strict ? "" : " (--strict makes this an error)")\n", to: STDERR_FILENO)
        return strict
    }
}

/// What a sequence's frames had in common: each frame's problem, kept only while every frame so
/// far shares it (a fade that starts transparent is no blank animation; one that never shows
/// anything is).
struct BlankSequence {
    private(set) var common: BlankPicture?
    private var frames = 0

    /// Whether the run's answer is known: some frame had no problem, or two had different ones,
    /// so no later frame can change it and checking more frames (a scan of each on the GPU's
    /// thread) is wasted.
    var isSettled: Bool { frames > 0 && common == nil }

    /// Adds the problem of a frame, checked by `check` unless the answer is already known.
    mutating func add(_ check: () -> BlankPicture?) {
        guard !isSettled else { frames += 1; return }
        add(check())
    }

    /// Adds a frame's problem (nil for a frame with none).
    mutating func add(_ blank: BlankPicture?) {
        frames += 1
        if frames == 1 { common = blank; return }
        guard let current = common else { return }
        switch (current, blank) {
        case (.transparent, .transparent?), (.unchanged, .unchanged?): break
        case (.uniform, .uniform?): if current != blank { common = nil }
        default: common = nil
        }
    }
}
