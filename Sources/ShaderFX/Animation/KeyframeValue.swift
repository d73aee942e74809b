/// A value that keyframes can interpolate: a point in a vector space with a length.
///
/// This is ShaderFX's counterpart of SwiftUI's `VectorArithmetic`. Keyframes move values of
/// this type, and velocities (units per second) are values of the same type.
public protocol KeyframeValue: Sendable, Equatable {
    /// The additive identity (the origin of the vector space).
    static var zero: Self { get }
    /// The sum of two values.
    static func + (lhs: Self, rhs: Self) -> Self
    /// The difference of two values.
    static func - (lhs: Self, rhs: Self) -> Self
    /// This value multiplied by a scalar.
    /// - Parameter rhs: the factor.
    func scaled(by rhs: Double) -> Self
    /// The dot product of this value with itself (its squared length).
    var magnitudeSquared: Double { get }
}

extension KeyframeValue {
    /// The dot product of two values, from the polarisation identity (works for any conformance).
    func dot(_ other: Self) -> Double {
        ((self + other).magnitudeSquared - (self - other).magnitudeSquared) / 4
    }
}

extension Double: KeyframeValue {
    /// This value multiplied by a scalar.
    /// - Parameter rhs: the factor.
    public func scaled(by rhs: Double) -> Double { self * rhs }
    /// The square of this value.
    public var magnitudeSquared: Double { self * self }
}

extension Float: KeyframeValue {
    /// This value multiplied by a scalar (computed in `Double`, then rounded to `Float`).
    /// - Parameter rhs: the factor.
    public func scaled(by rhs: Double) -> Float { Float(Double(self) * rhs) }
    /// The square of this value, in `Double`.
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}

extension SIMD2: KeyframeValue where Scalar: BinaryFloatingPoint {
    /// This vector multiplied by a scalar.
    /// - Parameter rhs: the factor.
    public func scaled(by rhs: Double) -> SIMD2<Scalar> { self * Scalar(rhs) }
    /// The squared Euclidean length, in `Double`.
    public var magnitudeSquared: Double {
        let x = Double(self.x), y = Double(self.y)
        return x * x + y * y
    }
}
