/// A font as SwiftUI names one: the system font at a size, weight and design, a Dynamic Type
/// text style, or a custom font by name; italic or not. A plain value, resolved to a file by
/// `FontLibrary.resolve(_:)`.
///
/// The system designs are free families found through fontconfig (Debian package in brackets):
/// - `.default`: Inter (`fonts-inter`), SF Pro's nearest free relative, static weights Thin to Black.
/// - `.rounded`: Quicksand (`fonts-quicksand`), a geometric sans with rounded terminals;
///   Light, Regular, Medium and Bold only, and no italic.
/// - `.serif`: DejaVu Serif (`fonts-dejavu-core`, which fontconfig itself depends on); Book and Bold.
/// - `.monospaced`: JetBrains Mono (`fonts-jetbrains-mono`), Thin to ExtraBold with italics.
///
/// A design whose family is not installed falls back to Inter, and the resolved font says so in
/// `ResolvedFont.substitutions`; so does a missing italic or weight.
public struct Font: Hashable, Sendable {
    /// Where the face comes from.
    public enum Source: Hashable, Sendable {
        /// The system font of a design.
        case system(Design)
        /// A fontconfig family, full or PostScript name ("Inter", "Inter Semi Bold", "Inter-Bold").
        case custom(String)
    }

    /// SwiftUI's font weights, lightest first.
    public enum Weight: Hashable, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The OpenType weight class (CSS weight) asked of fontconfig: ultraLight 100, thin 200,
        /// light 300, regular 400, medium 500, semibold 600, bold 700, heavy 800, black 900.
        /// SF's Ultralight is its lightest weight, so it takes 100 (Inter Thin) and thin 200.
        public var openTypeWeight: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }
    }

    /// SwiftUI's font designs (see the type's comment for the family each one uses).
    public enum Design: Hashable, Sendable, CaseIterable {
        case `default`, rounded, serif, monospaced

        /// The fontconfig family this design asks for.
        public var family: String {
            switch self {
            case .default: "Inter"
            case .rounded: "Quicksand"
            case .serif: "DejaVu Serif"
            case .monospaced: "JetBrains Mono"
            }
        }
    }

    /// iOS's Dynamic Type text styles at the default size category (Large).
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

        /// The size in points: 34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11.
        public var size: Double {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        /// The weight: semibold for `.headline`, regular for the others.
        public var weight: Weight { self == .headline ? .semibold : .regular }
    }

    /// The family or design.
    public var source: Source
    /// The size in points (the em).
    public var size: Double
    /// The weight asked for.
    public var weight: Weight
    /// Whether an italic face is asked for.
    public var isItalic: Bool
    /// The text style the font was made from, if any.
    public var textStyle: TextStyle?

    /// A font from its parts (the static constructors below read better).
    public init(source: Source, size: Double, weight: Weight = .regular, isItalic: Bool = false,
                textStyle: TextStyle? = nil) {
        self.source = source
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
        self.textStyle = textStyle
    }

    /// The system font (SwiftUI's `Font.system(size:weight:design:)`).
    /// - Parameters:
    ///   - size: points.
    ///   - weight: the weight, regular by default.
    ///   - design: the design, `.default` (Inter) by default.
    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(source: .system(design), size: size, weight: weight)
    }

    /// The system font at a text style's size and weight (SwiftUI's `Font.system(_:design:)`).
    /// - Parameters:
    ///   - style: the Dynamic Type style.
    ///   - design: the design, `.default` by default.
    public static func system(_ style: TextStyle, design: Design = .default) -> Font {
        Font(source: .system(design), size: style.size, weight: style.weight, textStyle: style)
    }

    /// The system font at a text style's size, at `weight` (SwiftUI's `Font.system(_:design:weight:)`,
    /// as seed 001 sets its title: `.system(.largeTitle, design: .rounded, weight: .bold)`).
    /// - Parameters:
    ///   - style: the Dynamic Type style.
    ///   - design: the design, `.default` by default.
    ///   - weight: the weight, instead of the style's own.
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight) -> Font {
        Font(source: .system(design), size: style.size, weight: weight, textStyle: style)
    }

    /// A font by fontconfig name (SwiftUI's `Font.custom(_:size:)`): a family ("Inter"), a full
    /// name ("Inter Semi Bold") or a PostScript name ("Inter-SemiBold"). Resolving a name that
    /// no installed font has throws `FontError.notFound`.
    /// - Parameters:
    ///   - name: the name.
    ///   - size: points.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(source: .custom(name), size: size)
    }

    /// The system font at each Dynamic Type style (`Font.body` is what a `Text` with no font uses).
    public static let largeTitle = system(.largeTitle)
    public static let title = system(.title)
    public static let title2 = system(.title2)
    public static let title3 = system(.title3)
    public static let headline = system(.headline)
    public static let body = system(.body)
    public static let callout = system(.callout)
    public static let subheadline = system(.subheadline)
    public static let footnote = system(.footnote)
    public static let caption = system(.caption)
    public static let caption2 = system(.caption2)

    /// This font at another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// This font, bold.
    public func bold() -> Font { weight(.bold) }

    /// This font, italic.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }

    /// This font at another size.
    public func size(_ size: Double) -> Font {
        var font = self
        font.size = size
        return font
    }
}
