import Foundation

extension RippleWave: GestureDrivenEffect {
    /// Seed 001's tap modifier: each tap moves the origin to its point and restarts the wave's
    /// keyframes (radius linear 0 -> reach over travel; strength held at 1 for 35 % of travel,
    /// then a cubic keyframe to 0); see `animated(at:taps:size:)`.
    public func animated(at time: Double, events: EventScript, size: SIMD2<Double>) -> RippleWave {
        animated(at: time, taps: events.taps, size: size)
    }

    /// The last tap's time plus the travel time of its wave (`RippleShaderEffectMath`).
    public func naturalDuration(events: EventScript, size: SIMD2<Double>) -> Double {
        guard let last = events.taps.max(by: { $0.time < $1.time }) else { return 0 }
        let reach = Self.reach(from: SIMD2(last.x, last.y), in: size, wavelength: Double(wavelength))
        return last.time + Self.travelTime(reach: reach, speed: Double(speed))
    }
}

extension RippleRefraction: GestureDrivenEffect {
    /// Seed 002's gestures: taps and drags add ripples to the ring buffer (drags throttled to one
    /// every 0.18 s at strength 0.8, 1 on release); the shader sees the buffer as it was at `time`.
    public func animated(at time: Double, events: EventScript, size: SIMD2<Double>) -> RippleRefraction {
        let ring = RippleRing(events: events.rippleEvents(), in: CGSize(width: size.x, height: size.y))
        var value = self
        value.time = Float(time)
        value.packed = ring.packed(at: time)
        return value
    }

    /// Until the last ripple has lived its 2.6 s.
    public func naturalDuration(events: EventScript, size: SIMD2<Double>) -> Double {
        (events.rippleEvents().map(\.birthTime).max() ?? 0) + Double(Self.life)
    }
}
