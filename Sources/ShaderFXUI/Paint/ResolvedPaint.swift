import Foundation
import ShaderFXCore

/// What a shape or a run of text is painted with, resolved against its bounds: every geometry
/// in user-space points (the coordinates the view was laid out in, y down), to be mapped to
/// device pixels by the draw's `userToDevice` transform. `PaintPipeline` draws it.
package enum ResolvedPaint {
    /// One premultiplied colour.
    case solid(SIMD4<Float>)
    /// A linear gradient from `start` (location 0) to `end` (location 1), constant on lines
    /// perpendicular to that axis.
    case linear(ResolvedGradient, start: CGPoint, end: CGPoint)
    /// A radial gradient: location 0 at `startRadius` points from `center`, 1 at `endRadius`.
    case radial(ResolvedGradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
    /// An angular gradient about `center` from `startAngle` to `endAngle` (radians, 0 at +x,
    /// clockwise on screen), with `AngularGradient`'s rules for more or less than a turn.
    case angular(ResolvedGradient, center: CGPoint, startAngle: Double, endAngle: Double)
    /// An elliptical gradient: radial in the unit square of `rect` (about the unit point
    /// `center`, radii as fractions of the square's side), stretched over `rect`.
    case elliptical(ResolvedGradient, rect: CGRect, center: UnitPoint, startRadiusFraction: CGFloat, endRadiusFraction: CGFloat)
    /// A mesh gradient whose unit square is `rect`; rasterised once per mesh and pixel size.
    case mesh(ResolvedMesh, rect: CGRect)
    /// A premultiplied texture whose whole extent maps onto `rect` (its top row at `rect`'s
    /// top), transparent outside it: pictures, shader fills and composited layers.
    case texture(Texture, rect: CGRect, filter: TextureFilter)
}

/// How a texture paint samples its texels.
package enum TextureFilter: Sendable, Hashable {
    /// The texel under the point.
    case nearest
    /// Bilinear interpolation of the four nearest texels (edges clamped).
    case linear
}
