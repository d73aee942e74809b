import Foundation

extension RippleWave: GestureDrivenEffect {
    /// Seed 001's tap modifier: each tap moves the origin to its point and restarts the wave's
    /// keyframes (radius linear 0 -> reach over travel; strength held at 1 for 35 % of travel,
    /// then a cubic keyframe to 0).
    public static func values(at time: Double, events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> ParameterValues {
        let configured = try RippleWave(values: base)
        let wave = configured.animated(at: time, taps: events.taps, size: size)
        var values = base
        values.raw["origin"] = "\(wave.origin.x),\(wave.origin.y)"
        values.raw["radius"] = "\(wave.radius)"
        values.raw["strength"] = "\(wave.strength)"
        return values
    }

    /// The last tap's time plus the travel time of its wave (`RippleShaderEffectMath`).
    public static func naturalDuration(events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> Double {
        let configured = try RippleWave(values: base)
        guard let last = events.taps.max(by: { $0.time < $1.time }) else { return 0 }
        let reach = reach(from: SIMD2(last.x, last.y), in: size, wavelength: Double(configured.wavelength))
        return last.time + travelTime(reach: reach, speed: Double(configured.speed))
    }
}

extension RippleRefraction: GestureDrivenEffect {
    /// Seed 002's gestures: taps and drags add ripples to the ring buffer (drags throttled to one
    /// every 0.18 s at strength 0.8, 1 on release); the shader sees the buffer as it was at `time`.
    public static func values(at time: Double, events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> ParameterValues {
        let ring = RippleRing(events: events.rippleEvents(), in: CGSize(width: size.x, height: size.y))
        var values = base
        values.raw["time"] = "\(time)"
        values.raw["ripples"] = ring.packed(at: time).map { "\($0)" }.joined(separator: ",")
        return values
    }

    /// Until the last ripple has lived its 2.6 s.
    public static func naturalDuration(events: EventScript, size: SIMD2<Double>, base: ParameterValues) throws(ParameterError) -> Double {
        (events.rippleEvents().map(\.birthTime).max() ?? 0) + Double(life)
    }
}
