import Foundation

/// The levels of the foreground style (SwiftUI's `HierarchicalShapeStyle`): `.primary`,
/// `.secondary`, `.tertiary`, `.quaternary`. Under an explicit foreground colour a level is that
/// colour at opacity 1, 0.5, 0.25 or 0.18; with none, iOS's label colours in light mode
/// (SWIFTUI-NOTES §3.1: black; 60, 60, 67 at 0.6, 0.3 and 0.18).
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    /// 0 for primary, 1 secondary, 2 tertiary, 3 quaternary.
    let level: Int

    /// The level's colour under `foreground` (nil: no explicit foreground colour).
    func color(under foreground: Color?) -> Color {
        let opacities = [1, 0.5, 0.25, 0.18]
        if let foreground { return foreground.opacity(opacities[min(level, 3)]) }
        return [Color.primary, .secondary, .tertiary, .quaternary][min(level, 3)]
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground's first level.
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 0) }
    /// The foreground's second level.
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
    /// The foreground's third level.
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 2) }
    /// The foreground's fourth level.
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 3) }
}

/// The foreground style itself (SwiftUI's `ForegroundStyle`): what a shape without a fill uses.
public struct ForegroundStyle: ShapeStyle, Hashable {
    public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The environment's foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension EnvironmentValues {
    /// `style` as it draws here: hierarchical levels and `.foreground` resolved against the
    /// environment's foreground style; anything else as it is. Nil: primary.
    func resolving(_ style: AnyShapeStyle?) -> AnyShapeStyle? {
        guard let style else { return foregroundStyle.flatMap { resolving($0) } }
        if style.base is ForegroundStyle { return resolving(nil) }
        if let level = style.base as? HierarchicalShapeStyle {
            let explicit = foregroundStyle?.base as? Color
            return AnyShapeStyle(level.color(under: explicit))
        }
        return style
    }
}
