/// Passes that the previous call ran identically (the blur before an animated warp), kept so
/// the next call takes their output instead of running them again.
///
/// A prefix is kept once two calls in a row over the same input and scale began with it (and
/// something after it changed); a third call beginning with it reuses its output.
struct PrefixCache {
    private var previous: (input: Texture, scale: Int, effects: [Effect])?
    private var kept: (input: Texture, scale: Int, effects: [Effect], canvas: Canvas)?

    /// The kept output and how many leading passes of `effects` it stands for, when `effects`
    /// over `input` at `scale` begins with the kept passes and has more after them.
    func reusable(input: Texture, scale: Int, effects: [Effect]) -> (canvas: Canvas, passes: Int)? {
        guard let kept, kept.input === input, kept.scale == scale, effects.count > kept.effects.count,
              Array(effects.prefix(kept.effects.count)) == kept.effects else { return nil }
        return (kept.canvas, kept.effects.count)
    }

    /// Records this call's passes; returns how many leading ones it shares with the call before
    /// (0 when that call had another input or scale).
    mutating func record(input: Texture, scale: Int, effects: [Effect]) -> Int {
        defer { previous = (input, scale, effects) }
        guard let previous, previous.input === input, previous.scale == scale else { return 0 }
        return zip(previous.effects, effects).prefix { $0 == $1 }.count
    }

    /// Keeps `canvas` as the output of `effects` over `input`; returns the framebuffer of the
    /// output kept before, for the caller to retire.
    mutating func keep(_ canvas: Canvas, of effects: [Effect], input: Texture, scale: Int) -> Framebuffer? {
        let old = kept?.canvas.framebuffer
        kept = (input, scale, effects, canvas)
        return old
    }
}
