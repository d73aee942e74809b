import Foundation

/// Text in one or more styled runs (SwiftUI's `Text`): shaped with HarfBuzz, wrapped to the
/// width it is proposed, drawn through its foreground style: a colour, a gradient or a shader.
///
/// `Text`'s own modifiers (`font`, `fontWeight`, `bold`, `italic`, `foregroundStyle`,
/// `tracking`) return `Text`, so styled runs concatenate with `+` as in SwiftUI.
public struct Text: View, PrimitiveView {
    struct Run {
        var string: String
        var font: Font?
        var weight: Font.Weight?
        var isBold: Bool?
        var isItalic: Bool?
        var style: AnyShapeStyle?
        var tracking: CGFloat?
    }

    var runs: [Run]

    /// Text showing `content` as it is.
    public init<S: StringProtocol>(_ content: S) {
        runs = [Run(string: String(content))]
    }

    /// Text showing `content` verbatim (no localisation lookup: there is none here either).
    public init(verbatim content: String) {
        runs = [Run(string: content)]
    }

    /// The runs of `lhs` followed by those of `rhs`.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var text = lhs
        text.runs += rhs.runs
        return text
    }

    private func changingRuns(_ change: (inout Run) -> Void) -> Text {
        var text = self
        for i in text.runs.indices { change(&text.runs[i]) }
        return text
    }

    /// The text in `font` (nil: the environment's).
    public func font(_ font: Font?) -> Text { changingRuns { $0.font = font } }
    /// The text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text { changingRuns { $0.weight = weight } }
    /// The text in bold (or not).
    public func bold(_ isActive: Bool = true) -> Text { changingRuns { $0.isBold = isActive } }
    /// The text in italics (or not).
    public func italic(_ isActive: Bool = true) -> Text { changingRuns { $0.isItalic = isActive } }
    /// The text drawn in `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { changingRuns { $0.style = AnyShapeStyle(style) } }
    /// The text drawn in `color` (nil: the environment's style).
    public func foregroundColor(_ color: Color?) -> Text { changingRuns { $0.style = color.map(AnyShapeStyle.init) } }
    /// Extra space after each character, in points.
    public func tracking(_ tracking: CGFloat) -> Text { changingRuns { $0.tracking = tracking } }
    /// Extra space after each character, in points (drawn as `tracking`).
    public func kerning(_ kerning: CGFloat) -> Text { tracking(kerning) }

    public var body: Never { primitiveBody(Self.self) }

    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        let environment = context.environment
        let runs = self.runs.isEmpty ? [Run(string: "")] : self.runs
        var textRuns: [TextRun] = []
        for run in runs {
            var font = run.font ?? environment.font ?? .body
            if let weight = run.weight ?? environment.fontWeight { font = font.weight(weight) }
            if run.isBold ?? environment.isBold { font = font.bold() }
            if run.isItalic ?? environment.isItalic { font = font.italic() }
            do {
                textRuns.append(TextRun(run.string, font: try context.services.fonts.resolve(font),
                                        tracking: Double(run.tracking ?? environment.tracking)))
            } catch {
                throw ViewError("Text(\"\(run.string.prefix(40))\"): \(error)")
            }
        }
        let options = TextLayoutOptions(lineLimit: environment.lineLimit, alignment: environment.multilineTextAlignment,
                                        lineSpacing: Double(environment.lineSpacing))
        let drawing = TextDrawing(runs: textRuns, options: options, styles: runs.map { environment.resolving($0.style) })
        let missing = drawing.layout(width: nil).missing
        if !missing.isEmpty {
            let names = missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: ", ")
            context.services.note("Text: no installed font has \(names); drawn as the font's missing glyph (install fonts-noto-color-emoji for emoji)")
        }
        let metrics = textRuns[0].font.metrics
        let spacing = ViewSpacing.text(TextSpacingMetrics(ascender: metrics.ascender, descender: metrics.descender,
                                                          leading: metrics.lineGap, capHeight: metrics.capHeight,
                                                          pixelLength: 1 / max(environment.displayScale, 1)))
        var node = LayoutNode.measured(spacing: spacing) { proposal in drawing.size(for: proposal) }
        node = node.alignmentGuide(.firstTextBaseline) { d in drawing.layout(width: d.width).lines.first.map { CGFloat($0.baseline) } ?? d.height }
        node = node.alignmentGuide(.lastTextBaseline) { d in drawing.layout(width: d.width).lines.last.map { CGFloat($0.baseline) } ?? d.height }
        return [ViewNode(leaf: node, drawing: .text(drawing))]
    }
}

/// A text view resolved for drawing: its runs (string, font, tracking), the options, and each
/// run's style (nil: the primary style).
package struct TextDrawing: Sendable {
    package let runs: [TextRun]
    package let options: TextLayoutOptions
    package let styles: [AnyShapeStyle?]

    /// The lines for a width (nil or infinite: one line a paragraph), kept by string, font,
    /// tracking, width and options (`TextLayoutCache`): measuring and drawing the same text
    /// shapes it once.
    package func layout(width: CGFloat?) -> TextLayout {
        let limit = width.flatMap { $0.isFinite ? Double(max($0, 0)) : nil }
        return TextLayoutCache.shared.layout(runs: runs, width: limit, options: options)
    }

    /// The text's size for a proposal: its widest line by its lines' height, wrapped to the
    /// proposed width.
    func size(for proposal: ProposedViewSize) -> CGSize {
        let layout = layout(width: proposal.width)
        return CGSize(width: layout.width, height: layout.height)
    }
}

extension View {
    /// The font of the text inside.
    public func font(_ font: Font?) -> some View { environment { $0.font = font } }
    /// The weight of the text inside.
    public func fontWeight(_ weight: Font.Weight?) -> some View { environment { $0.fontWeight = weight } }
    /// Bold text inside (or not).
    public func bold(_ isActive: Bool = true) -> some View { environment { $0.isBold = isActive } }
    /// Italic text inside (or not).
    public func italic(_ isActive: Bool = true) -> some View { environment { $0.isItalic = isActive } }
    /// The style of the text and unfilled shapes inside.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        // `.foreground` names the style already in force: no change.
        environment { if !(style is ForegroundStyle) { $0.foregroundStyle = AnyShapeStyle(style) } }
    }
    /// The colour of the text and unfilled shapes inside (nil: unchanged).
    public func foregroundColor(_ color: Color?) -> some View {
        environment { if let color { $0.foregroundStyle = AnyShapeStyle(color) } }
    }
    /// How the lines of text inside line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { environment { $0.multilineTextAlignment = alignment } }
    /// The most lines the text inside takes.
    public func lineLimit(_ limit: Int?) -> some View { environment { $0.lineLimit = limit } }
    /// Extra space between the lines of text inside.
    public func lineSpacing(_ spacing: CGFloat) -> some View { environment { $0.lineSpacing = spacing } }
    /// Extra space after each character of the text inside.
    public func tracking(_ tracking: CGFloat) -> some View { environment { $0.tracking = tracking } }
    /// Extra space after each character of the text inside (drawn as `tracking`).
    public func kerning(_ kerning: CGFloat) -> some View { environment { $0.tracking = kerning } }

    func environment(_ change: @escaping (inout EnvironmentValues) -> Void) -> ModifiedContent<Self, BuiltInModifier> {
        modifier(BuiltInModifier(.environment(change)))
    }
}
