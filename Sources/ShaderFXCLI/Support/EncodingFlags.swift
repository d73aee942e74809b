import ShaderFXCore

/// How PNG output is compressed.
struct EncodingFlags: ParsableArguments {
    /// The choices of `--compression`.
    enum Compression: String, CaseIterable, ChoiceOptionValue {
        case fast, `default`, small

        /// The writer's level.
        var level: PNGEncoder.Compression {
            switch self {
            case .fast: .fast
            case .default: .default
            case .small: .small
            }
        }
    }

    @Option(valueName: "fast|default|small",
            help: "PNG compression: fast (the quickest: a compressor made for rendered frames), default (about the size libpng makes), small (slowest, smallest; for files you keep)")
    var compression = Compression.fast
}
