import Glibc

/// One wave from a tap that bends the layer as its ring passes and lights its crest
/// (seed 001's `RippleShaderEffect`, shader `RippleShaderEffectDistortion`).
///
/// SwiftUI: `.layerEffect(RippleShaderEffectDistortion(.boundingRect, .float2(origin), .float(radius),
/// .float(strength), .float(amplitude), .float(max(wavelength, 1))), maxSampleOffset: CGSize(|amplitude|, |amplitude|),
/// isEnabled: strength > 0)`, with `radius` and `strength` animated by keyframes from each tap:
/// use `RippleWave.animated(at:taps:size:...)` for a frame of a script, or `wave(at:origin:size:wavelength:speed:)`
/// for the wave of one tap.
public struct RippleWave: BuiltInEffect {
    public static let name = "ripple-wave"
    public static let kind = EffectKind.layer
    public static let summary = "one wave from a tap that bends the picture as its ring passes and lights its crest"
    public static let origin = "seed 001 (Ripple Shader Effect), RippleShaderEffect.metal with its keyframes"
    public static let shaderFile = "Layer/rippleWave"
    public static let animation = EffectAnimation.gesture
    public static let parameters = [
        EffectParameter.boundingRect(),
        EffectParameter("origin", .point, default: "0,0", "where the wave starts, in points, origin top-left",
                        glsl: ("origin", .vec2)),
        EffectParameter("radius", .float, default: "0", "how far the crest has travelled, in points (>= 0)",
                        glsl: ("radius", .float)),
        EffectParameter("strength", .float, default: "1", "fades the wave, 1 full to 0 gone; enabled only while > 0",
                        glsl: ("strength", .float)),
        EffectParameter("amplitude", .float, default: "10", "points the wave moves what is under it; also maxSampleOffset",
                        glsl: ("amplitude", .float)),
        EffectParameter("wavelength", .float, default: "110", "width of the wave in points (the shader gets max(wavelength, 1))",
                        glsl: ("wavelength", .float)),
        EffectParameter("speed", .float, default: "650", "points per second the crest travels (animation only)", glsl: nil),
        EffectParameter("reduce-motion", .bool, default: "false",
                        "Reduce Motion: radius 0 and amplitude 0, a light that fades where the wave starts", glsl: nil),
    ]

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
    public var origin: SIMD2<Float>
    /// Points from the origin to the crest.
    public var radius: Float
    /// 1 at full strength, 0 when gone; the effect is enabled only while it is above 0.
    public var strength: Float
    /// Points the wave moves what is under it.
    public var amplitude: Float
    /// The width of the wave, in points.
    public var wavelength: Float
    /// Points per second; drives the animation, not the shader.
    public var speed: Float
    /// Renders the seed's Reduce Motion variant: radius 0, amplitude 0.
    public var reduceMotion: Bool

    /// A wave with the seed's defaults unless given.
    /// - Parameters:
    ///   - origin: where the wave starts, in points.
    ///   - radius: points from the origin to the crest (default 0, the moment of the tap).
    ///   - strength: 1 full to 0 gone (default 1, the moment of the tap).
    ///   - amplitude: points the wave moves what is under it (default 10).
    ///   - wavelength: the width of the wave in points (default 110).
    ///   - speed: points per second, for the animation (default 650).
    ///   - reduceMotion: render the Reduce Motion variant (default false).
    public init(origin: SIMD2<Float> = .zero, radius: Float = 0, strength: Float = 1, amplitude: Float = 10,
                wavelength: Float = 110, speed: Float = 650, reduceMotion: Bool = false) {
        self.origin = origin
        self.radius = radius
        self.strength = strength
        self.amplitude = amplitude
        self.wavelength = wavelength
        self.speed = speed
        self.reduceMotion = reduceMotion
    }

    /// The effect at `wave` of a run, as the seed's `keyframeAnimator` content closure builds it.
    /// - Parameters:
    ///   - wave: the animated radius and strength.
    ///   - origin: where the wave starts, in points.
    ///   - amplitude: points the wave moves what is under it (default 10).
    ///   - wavelength: the width of the wave in points (default 110).
    ///   - speed: points per second (default 650).
    ///   - reduceMotion: render the Reduce Motion variant (default false).
    public init(wave: Wave, origin: SIMD2<Float>, amplitude: Float = 10, wavelength: Float = 110, speed: Float = 650,
                reduceMotion: Bool = false) {
        self.init(origin: origin, radius: Float(wave.radius), strength: Float(wave.strength), amplitude: amplitude,
                  wavelength: wavelength, speed: speed, reduceMotion: reduceMotion)
    }

    public init(values: ParameterValues) throws(ParameterError) {
        self.init(origin: try values.point("origin", .zero),
                  radius: try values.float("radius", 0),
                  strength: try values.float("strength", 1),
                  amplitude: try values.float("amplitude", 10, in: -10_000...10_000),
                  wavelength: try values.float("wavelength", 110),
                  speed: try values.float("speed", 650),
                  reduceMotion: try values.bool("reduce-motion", false))
    }

    /// `maxSampleOffset` = |amplitude| on both axes, as the seed sets it (also with Reduce Motion).
    public var maxSampleOffset: SIMD2<Float> { SIMD2(abs(amplitude), abs(amplitude)) }

    public var effect: Effect {
        // The seed: `wave: reduceMotion ? wave.still : wave`, `amplitude: reduceMotion ? 0 : amplitude`.
        .layerEffect(
            Self.function(.boundingRect, .float2(origin), .float(reduceMotion ? 0 : radius), .float(strength),
                          .float(reduceMotion ? 0 : amplitude), .float(max(wavelength, 1))),
            maxSampleOffset: maxSampleOffset,
            isEnabled: strength > 0)
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

    /// The keyframes of one wave, as the seed's `keyframeAnimator` plays them after a tap: radius from 0
    /// to the reach linearly over the travel time; strength held at 1 for 35 % of it, then a cubic
    /// keyframe to 0 over the remaining 65 %.
    /// - Parameters:
    ///   - origin: where the wave starts, in points.
    ///   - size: the view's width and height in points.
    ///   - wavelength: the width of the wave in points (default 110).
    ///   - speed: points per second (default 650).
    public static func timeline(origin: SIMD2<Double>, size: SIMD2<Double>, wavelength: Double = 110,
                                speed: Double = 650) -> KeyframeTimeline<Wave> {
        let reach = reach(from: origin, in: size, wavelength: wavelength)
        let travel = travelTime(reach: reach, speed: speed)
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

    /// The wave `time` seconds after a tap at `origin` (before the tap, at time 0).
    /// - Parameters:
    ///   - time: seconds since the tap.
    ///   - origin: where the wave starts, in points.
    ///   - size: the view's width and height in points.
    ///   - wavelength: the width of the wave in points (default 110).
    ///   - speed: points per second (default 650).
    public static func wave(at time: Double, origin: SIMD2<Double>, size: SIMD2<Double>, wavelength: Double = 110,
                            speed: Double = 650) -> Wave {
        timeline(origin: origin, size: size, wavelength: wavelength, speed: speed).value(time: time)
    }

    /// The effect at `time` of a script whose taps start waves, as the seed's tap modifier plays them:
    /// each tap moves the origin to its point and restarts the keyframes (their leading move keyframes
    /// reset both tracks, so a run does not depend on the one it interrupts). Before the first tap the
    /// wave is the seed's initial value, strength 0: the effect is disabled.
    /// - Parameters:
    ///   - time: seconds on the script's clock.
    ///   - taps: the taps, in any order.
    ///   - size: the view's width and height in points.
    ///   - amplitude: points the wave moves what is under it (default 10).
    ///   - wavelength: the width of the wave in points (default 110).
    ///   - speed: points per second (default 650).
    ///   - reduceMotion: render the Reduce Motion variant (default false).
    public static func animated(at time: Double, taps: [EventScript.Touch], size: SIMD2<Double>, amplitude: Float = 10,
                                wavelength: Float = 110, speed: Float = 650, reduceMotion: Bool = false) -> RippleWave {
        // The latest tap at or before `time`; of taps at the same time, the last in the script.
        var latest: EventScript.Touch?
        for tap in taps where tap.time <= time && tap.time >= (latest?.time ?? -.infinity) { latest = tap }
        guard let tap = latest else {
            return RippleWave(wave: Wave(), origin: .zero, amplitude: amplitude, wavelength: wavelength, speed: speed,
                              reduceMotion: reduceMotion)
        }
        let origin = SIMD2(tap.x, tap.y)
        let wave = wave(at: time - tap.time, origin: origin, size: size, wavelength: Double(wavelength), speed: Double(speed))
        return RippleWave(wave: wave, origin: SIMD2(Float(tap.x), Float(tap.y)), amplitude: amplitude,
                          wavelength: wavelength, speed: speed, reduceMotion: reduceMotion)
    }
}
