import Glibc

/// One wave from a tap that bends the layer as its ring passes and lights its crest
/// (seed 001's `RippleShaderEffect`, shader `RippleShaderEffectDistortion`).
///
/// SwiftUI: `.layerEffect(RippleShaderEffectDistortion(.boundingRect, .float2(origin), .float(radius),
/// .float(strength), .float(amplitude), .float(max(wavelength, 1))), maxSampleOffset: CGSize(|amplitude|, |amplitude|),
/// isEnabled: strength > 0)`, with `radius` and `strength` animated by keyframes from each tap:
/// use `RippleWave().animated(at:taps:size:)` for a frame of a script, or `wave(at:origin:size:)`
/// for the wave of one tap.
public struct RippleWave: SinglePassEffect {
    public static let entry = CatalogueEntry(
        "ripple-wave", .layer, shader: .layerRippleWave,
        summary: "one wave from a tap that bends the picture as its ring passes and lights its crest",
        origin: "seed 001 (Ripple Shader Effect), RippleShaderEffect.metal with its keyframes")
    public static var motion: EffectMotion<Self> { .gesture }
    public static var table: [ParameterRow<Self>] {
        [
            .boundingRect(),
            .value(\.origin, "origin", help: "where the wave starts, in points, origin top-left"),
            .value(\.radius, "radius", help: "how far the crest has travelled, in points (>= 0)"),
            .value(\.strength, "strength", help: "fades the wave, 1 full to 0 gone; enabled only while > 0"),
            .value(\.amplitude, "amplitude", in: -10_000...10_000, help: "points the wave moves what is under it; also maxSampleOffset"),
            .value(\.wavelength, "wavelength", help: "width of the wave in points (the shader gets max(wavelength, 1))"),
            .value(\.speed, "speed", help: "points per second the crest travels (animation only)", glsl: .notInShader),
            .value(\.reduceMotion, "reduce-motion",
                   help: "Reduce Motion: radius 0 and amplitude 0, a light that fades where the wave starts", glsl: .notInShader),
        ]
    }

    /// Where a wave is at one instant (the seed's `RippleShaderEffectWave`): how far its crest has
    /// travelled and how strong it still is.
    public struct Wave: Sendable, Equatable {
        /// Points from the origin to the crest.
        public var radius: Double
        /// 1 at full strength, 0 when gone.
        public var strength: Double

        /// A wave; the seed's initial value is radius 0, strength 0.
        /// - Parameters:
        ///   - radius: points from the origin to the crest.
        ///   - strength: 1 at full strength, 0 when gone.
        public init(radius: Double = 0, strength: Double = 0) {
            self.radius = radius
            self.strength = strength
        }

        /// The same wave held at its origin. With no bending either, all it leaves is a light that fades.
        public var still: Wave { Wave(radius: 0, strength: strength) }
    }

    /// Where the wave starts, in points.
    public var origin: SIMD2<Float> = .zero
    /// Points from the origin to the crest (0: the moment of the tap).
    public var radius: Float = 0
    /// 1 at full strength (the moment of the tap), 0 when gone; the effect is enabled only while it is above 0.
    public var strength: Float = 1
    /// Points the wave moves what is under it.
    public var amplitude: Float = 10
    /// The width of the wave, in points.
    public var wavelength: Float = 110
    /// Points per second; drives the animation, not the shader.
    public var speed: Float = 650
    /// Renders the seed's Reduce Motion variant: radius 0, amplitude 0.
    public var reduceMotion = false

    /// A wave with the seed's defaults, at the moment of a tap at (0, 0).
    public init() {}

    /// The effect at `wave` of a run, as the seed's `keyframeAnimator` content closure builds it;
    /// the other parameters keep their defaults (set them with `.with(\.amplitude, 6)`).
    /// - Parameters:
    ///   - wave: the animated radius and strength.
    ///   - origin: where the wave starts, in points.
    public init(wave: Wave, origin: SIMD2<Float>) {
        self.origin = origin
        self.radius = Float(wave.radius)
        self.strength = Float(wave.strength)
    }

    /// `maxSampleOffset` = |amplitude| on both axes, as the seed sets it (also with Reduce Motion).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(amplitude), abs(amplitude)) }

    public var isEnabled: Bool { strength > 0 }

    /// What the shader is given. The seed: `wave: reduceMotion ? wave.still : wave`,
    /// `amplitude: reduceMotion ? 0 : amplitude`, and `max(wavelength, 1)`.
    public var shaderValues: Self {
        var values = self
        if reduceMotion {
            values.radius = 0
            values.amplitude = 0
        }
        values.wavelength = max(wavelength, 1)
        return values
    }

    // MARK: - The seed's timing (RippleShaderEffectMath and the keyframes)

    /// How far a wave from `origin` travels until all of it has left a view of `size`: the distance
    /// to the farthest corner plus one wavelength (the seed's `RippleShaderEffectMath.reach`).
    /// - Parameters:
    ///   - origin: where the wave starts, in points.
    ///   - size: the view's width and height in points.
    ///   - wavelength: the width of the wave in points (negative counts as 0).
    public static func reach(from origin: SIMD2<Double>, in size: SIMD2<Double>, wavelength: Double) -> Double {
        let horizontal = max(abs(origin.x), abs(size.x - origin.x))
        let vertical = max(abs(origin.y), abs(size.y - origin.y))
        return hypot(horizontal, vertical) + max(wavelength, 0)
    }

    /// The seconds a wave takes to cover `reach` points; a wave that cannot move lasts one frame
    /// (1/60 s) (the seed's `RippleShaderEffectMath.travelTime`).
    /// - Parameters:
    ///   - reach: points to travel.
    ///   - speed: points per second.
    public static func travelTime(reach: Double, speed: Double) -> Double {
        let frame = 1.0 / 60.0
        guard speed > 0, reach.isFinite else { return frame }
        return max(reach / speed, frame)
    }

    /// The keyframes of one wave of this value's wavelength and speed, as the seed's `keyframeAnimator`
    /// plays them after a tap: radius from 0 to the reach linearly over the travel time; strength held
    /// at 1 for 35 % of it, then a cubic keyframe to 0 over the remaining 65 %.
    /// - Parameters:
    ///   - origin: where the wave starts, in points.
    ///   - size: the view's width and height in points.
    public func timeline(origin: SIMD2<Double>, size: SIMD2<Double>) -> KeyframeTimeline<Wave> {
        let reach = Self.reach(from: origin, in: size, wavelength: Double(wavelength))
        let travel = Self.travelTime(reach: reach, speed: Double(speed))
        return KeyframeTimeline(initialValue: Wave()) {
            KeyframeTrack(\.radius) {
                MoveKeyframe(0)
                LinearKeyframe(reach, duration: travel)
            }
            KeyframeTrack(\.strength) {
                MoveKeyframe(1)
                LinearKeyframe(1, duration: travel * 0.35)
                CubicKeyframe(0, duration: travel * 0.65)
            }
        }
    }

    /// The wave `time` seconds after a tap at `origin` (before the tap, at time 0), at this value's
    /// wavelength and speed.
    /// - Parameters:
    ///   - time: seconds since the tap.
    ///   - origin: where the wave starts, in points.
    ///   - size: the view's width and height in points.
    public func wave(at time: Double, origin: SIMD2<Double>, size: SIMD2<Double>) -> Wave {
        timeline(origin: origin, size: size).value(time: time)
    }

    /// This value at `time` of a script whose taps start waves, as the seed's tap modifier plays them:
    /// each tap moves the origin to its point and restarts the keyframes (their leading move keyframes
    /// reset both tracks, so a run does not depend on the one it interrupts). Before the first tap the
    /// wave is the seed's initial value, strength 0: the effect is disabled. The amplitude, wavelength,
    /// speed and Reduce Motion are this value's.
    /// - Parameters:
    ///   - time: seconds on the script's clock.
    ///   - taps: the taps, in any order.
    ///   - size: the view's width and height in points.
    public func animated(at time: Double, taps: [EventScript.Touch], size: SIMD2<Double>) -> RippleWave {
        // The latest tap at or before `time`; of taps at the same time, the last in the script.
        var latest: EventScript.Touch?
        for tap in taps where tap.time <= time && tap.time >= (latest?.time ?? -.infinity) { latest = tap }
        var value = self
        guard let tap = latest else {
            (value.origin, value.radius, value.strength) = (.zero, 0, 0)
            return value
        }
        let wave = wave(at: time - tap.time, origin: SIMD2(tap.x, tap.y), size: size)
        (value.origin, value.radius, value.strength) = (SIMD2(Float(tap.x), Float(tap.y)), Float(wave.radius), Float(wave.strength))
        return value
    }
}
