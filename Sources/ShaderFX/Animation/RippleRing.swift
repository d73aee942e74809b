import Foundation

/// The ripple-refraction seed's `RippleStore`: a ring of 12 ripples packed 4 floats each
/// (x / width, y / height, birth time, strength) for `Shader.Argument.floatArray`.
///
/// `add` writes at the cursor and advances it, wrapping after 12, so the 13th ripple replaces the
/// first. The ring remembers every ripple added, so `packed(at:)` can give the buffer as it was at
/// any time of a render.
public struct RippleRing: Sendable, Equatable {
    /// How many ripples the buffer holds.
    public static let capacity = 12
    /// Floats per ripple.
    public static let stride = 4

    /// The buffer: `capacity * stride` floats, unused slots zero.
    public private(set) var packed = [Float](repeating: 0, count: capacity * stride)
    /// The slot the next ripple goes to.
    public private(set) var cursor = 0
    /// Every ripple added, in order: the normalised entry and its birth time.
    private var history: [(entry: SIMD4<Float>, birthTime: Double)] = []

    /// An empty ring.
    public init() {}

    /// A ring with `events` added in order, positions normalised by `size`.
    /// - Parameters:
    ///   - events: the ripples, e.g. from `EventScript.rippleEvents()`.
    ///   - size: the view's size in points.
    public init(events: [RippleEvent], in size: CGSize) {
        for event in events { add(event, in: size) }
    }

    /// Adds a ripple at `point`, as `RippleStore.add(at:in:strength:)` does; ignored when the size is empty.
    /// - Parameters:
    ///   - point: where, in points.
    ///   - size: the view's size in points; width or height <= 0 ignores the ripple.
    ///   - birthTime: seconds since the start (the seed reads the clock here).
    ///   - strength: the ripple's strength (1 by default).
    public mutating func add(at point: CGPoint, in size: CGSize, birthTime: Double, strength: Float = 1) {
        guard size.width > 0, size.height > 0 else { return }
        let entry = SIMD4<Float>(Float(point.x / size.width), Float(point.y / size.height), Float(birthTime), strength)
        history.append((entry, birthTime))
        write(entry, at: cursor, into: &packed)
        cursor = (cursor + 1) % Self.capacity
    }

    /// Adds `event`, normalising its position by `size`.
    /// - Parameters:
    ///   - event: the ripple.
    ///   - size: the view's size in points; width or height <= 0 ignores the ripple.
    public mutating func add(_ event: RippleEvent, in size: CGSize) {
        add(at: CGPoint(x: event.x, y: event.y), in: size, birthTime: event.birthTime, strength: event.strength)
    }

    /// The buffer as it was at `time`: as if only the ripples born at or before `time` had been added.
    /// - Parameter time: seconds since the start.
    public func packed(at time: Double) -> [Float] {
        let born = history.filter { $0.birthTime <= time }
        var buffer = [Float](repeating: 0, count: Self.capacity * Self.stride)
        // The i-th ripple went to slot i % capacity; only the last `capacity` survive.
        for index in max(0, born.count - Self.capacity)..<born.count {
            write(born[index].entry, at: index % Self.capacity, into: &buffer)
        }
        return buffer
    }

    private func write(_ entry: SIMD4<Float>, at slot: Int, into buffer: inout [Float]) {
        let i = slot * Self.stride
        buffer[i] = entry.x
        buffer[i + 1] = entry.y
        buffer[i + 2] = entry.z
        buffer[i + 3] = entry.w
    }

    /// Two rings are equal when their buffers, cursors and histories are.
    public static func == (lhs: RippleRing, rhs: RippleRing) -> Bool {
        lhs.packed == rhs.packed && lhs.cursor == rhs.cursor
            && lhs.history.elementsEqual(rhs.history) { $0.entry == $1.entry && $0.birthTime == $1.birthTime }
    }
}
