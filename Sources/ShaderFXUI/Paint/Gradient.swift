import Foundation

/// A colour gradient as SwiftUI's `Gradient`: colour stops, each at a location along the
/// gradient's axis (0 its start, 1 its end).
///
/// How ShaderFX evaluates it (`ResolvedGradient`), with the reason for each rule:
/// - Locations are clamped to 0...1 and the stops sorted by location, keeping the given order
///   of stops at the same location (CGGradient, through which SwiftUI draws, takes locations in
///   0...1 only; CSS gradients clamp and order stops the same way).
/// - Two stops at one location make a hard edge: before it the first one's colour, from it on
///   the second's.
/// - Before the first stop the first colour, after the last the last colour (clamping:
///   "stops at the end of its range", GraphicsContext's gradients without `.repeat`/`.mirror`).
/// - Colours are interpolated component by component in gamma-encoded sRGB
///   (`Gradient.ColorSpace.device`, "in the output color space"; MeshGradient's documented
///   default, and inferred for the others), with *straight* (not premultiplied) alpha, then
///   premultiplied: CGGradient and CAGradientLayer interpolate the colours' components, which
///   is why a gradient from white to `.clear` (transparent black) turns grey halfway. That SwiftUI's
///   own renderer does the same is not confirmed.
/// - No stops draw nothing (transparent); one stop is a solid colour.
public struct Gradient: Sendable, Hashable {
    /// One colour stop of a gradient.
    public struct Stop: Sendable, Hashable {
        /// The colour at this stop.
        public var color: Color
        /// Where the stop is along the gradient, 0 (start) to 1 (end).
        public var location: CGFloat

        /// A stop of `color` at `location`.
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, as given.
    public var stops: [Stop]

    /// A gradient of `stops`.
    public init(stops: [Stop]) { self.stops = stops }

    /// A gradient of `colors` spaced evenly from 0 to 1 (one colour sits at 0).
    public init(colors: [Color]) {
        let last = colors.count - 1
        stops = colors.enumerated().map { index, color in
            Stop(color: color, location: last > 0 ? CGFloat(index) / CGFloat(last) : 0)
        }
    }
}

/// A gradient ready to paint: straight sRGB-encoded colours at locations in 0...1, sorted.
package struct ResolvedGradient: Sendable, Hashable {
    /// One stop: a straight colour and its location.
    package struct Stop: Sendable, Hashable {
        package var color: SIMD4<Float>
        package var location: Float

        package init(color: SIMD4<Float>, location: Float) {
            self.color = color
            self.location = location
        }
    }

    /// The stops: at least one, locations in 0...1, non-decreasing.
    package var stops: [Stop]

    /// `gradient` with its locations clamped to 0...1 (a NaN location drops its stop), sorted
    /// stably; a gradient of no stops becomes one transparent stop.
    package init(_ gradient: Gradient) {
        let kept = gradient.stops.filter { !$0.location.isNaN }.enumerated().map { index, stop in
            (index, Stop(color: stop.color.resolved, location: Float(min(max(stop.location, 0), 1))))
        }
        let sorted = kept.sorted { $0.1.location != $1.1.location ? $0.1.location < $1.1.location : $0.0 < $1.0 }.map(\.1)
        stops = sorted.isEmpty ? [Stop(color: .zero, location: 0)] : sorted
    }
}

extension Gradient: PaintStyle {
    /// Drawn as a linear gradient from the top of the bounds to the bottom, as SwiftUI draws a
    /// `Gradient` (an `AnyGradient`) used directly as a shape style.
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        LinearGradient(gradient: self, startPoint: .top, endPoint: .bottom).paint(in: bounds)
    }
}

extension UnitPoint {
    /// This unit point in `rect`: (0, 0) its top-left corner, (1, 1) its bottom-right one.
    func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + CGFloat(x) * rect.width, y: rect.minY + CGFloat(y) * rect.height)
    }
}

/// A linear gradient (SwiftUI's `LinearGradient`): the colour changes along the axis from
/// `startPoint` to `endPoint`, unit points mapped into the bounding rectangle of each shape
/// filled, and stays constant on lines perpendicular to that axis in user space (as Core
/// Graphics' axial gradients). Coincident points paint the last colour (every point lies past
/// the end of an axis of length zero; CSS gradients do the same).
public struct LinearGradient: ShapeStyle, Hashable {
    /// The colours and their locations.
    public var gradient: Gradient
    /// Where location 0 is, a unit point in the filled shape's bounds.
    public var startPoint: UnitPoint
    /// Where location 1 is, a unit point in the filled shape's bounds.
    public var endPoint: UnitPoint

    /// A linear gradient of `gradient` from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        (self.gradient, self.startPoint, self.endPoint) = (gradient, startPoint, endPoint)
    }
    /// A linear gradient of evenly spaced `colors`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of `stops`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
}

extension LinearGradient: PaintStyle {
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        .linear(ResolvedGradient(gradient), start: startPoint.point(in: bounds), end: endPoint.point(in: bounds))
    }
}

/// A radial gradient (SwiftUI's `RadialGradient`): the colour is a function of the distance
/// from `center` (a unit point in the filled shape's bounds), location 0 at `startRadius` and 1
/// at `endRadius`, both in points. Equal radii make a hard edge there.
public struct RadialGradient: ShapeStyle, Hashable {
    /// The colours and their locations.
    public var gradient: Gradient
    /// The centre, a unit point in the filled shape's bounds.
    public var center: UnitPoint
    /// The distance from the centre, in points, of location 0.
    public var startRadius: CGFloat
    /// The distance from the centre, in points, of location 1.
    public var endRadius: CGFloat

    /// A radial gradient of `gradient` about `center` from `startRadius` to `endRadius` points.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        (self.gradient, self.center, self.startRadius, self.endRadius) = (gradient, center, startRadius, endRadius)
    }
    /// A radial gradient of evenly spaced `colors`.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of `stops`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension RadialGradient: PaintStyle {
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        .radial(ResolvedGradient(gradient), center: center.point(in: bounds), startRadius: startRadius, endRadius: endRadius)
    }
}

/// An angular ("conic") gradient (SwiftUI's `AngularGradient`): the colour is a function of the
/// angle about `center` (a unit point in the filled shape's bounds). Angle 0 points to +x
/// (3 o'clock) and angles grow clockwise on screen (y grows down).
///
/// SwiftUI's rules: when `endAngle − startAngle > 2π` only the last complete turn is drawn
/// (the one ending at `endAngle`); when it is less, the missing sector is filled with the
/// colours at locations 1 and 0, switching halfway across it. Two readings of ShaderFX's
/// where Apple says nothing: equal angles (the initialiser's defaults) draw one full turn from
/// `startAngle`, and `endAngle < startAngle` runs the gradient counter-clockwise, the mirror image.
public struct AngularGradient: ShapeStyle, Hashable {
    /// The colours and their locations.
    public var gradient: Gradient
    /// The centre, a unit point in the filled shape's bounds.
    public var center: UnitPoint
    /// The angle of location 0 (0 at 3 o'clock, clockwise on screen).
    public var startAngle: Angle
    /// The angle of location 1.
    public var endAngle: Angle

    /// An angular gradient of `gradient` about `center` from `startAngle` to `endAngle`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        (self.gradient, self.center, self.startAngle, self.endAngle) = (gradient, center, startAngle, endAngle)
    }
    /// An angular gradient of evenly spaced `colors`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of `stops`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient: one full turn from `angle` to `angle` + 2π about `center`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .radians(2 * .pi))
    }
    /// A conic gradient of evenly spaced `colors`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    /// A conic gradient of `stops`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }
}

extension AngularGradient: PaintStyle {
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        .angular(ResolvedGradient(gradient), center: center.point(in: bounds),
                 startAngle: startAngle.radians, endAngle: endAngle.radians)
    }
}

/// An elliptical gradient (SwiftUI's `EllipticalGradient`): a radial gradient defined in the
/// unit square, `center` a unit point and the radii fractions of the square's side, then
/// stretched over the filled shape's bounds, so its contours are ellipses of the bounds' shape.
/// `endRadiusFraction` 0.5 about the centre reaches the middle of every edge.
public struct EllipticalGradient: ShapeStyle, Hashable {
    /// The colours and their locations.
    public var gradient: Gradient
    /// The centre, a unit point in the filled shape's bounds.
    public var center: UnitPoint
    /// The radius of location 0, a fraction of the unit square's side.
    public var startRadiusFraction: CGFloat
    /// The radius of location 1, a fraction of the unit square's side.
    public var endRadiusFraction: CGFloat

    /// An elliptical gradient of `gradient` about `center` from `startRadiusFraction` to `endRadiusFraction`.
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        (self.gradient, self.center, self.startRadiusFraction, self.endRadiusFraction) = (gradient, center, startRadiusFraction, endRadiusFraction)
    }
    /// An elliptical gradient of evenly spaced `colors`.
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of `stops`.
    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension EllipticalGradient: PaintStyle {
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        .elliptical(ResolvedGradient(gradient), rect: bounds, center: center,
                    startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}
