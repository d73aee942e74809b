import Foundation
import Testing
@testable import ShaderFX

/// C++ classes as public Metal shaders write them (a random-number generator with a
/// constructor, say), rendered: constructors with initialiser lists and default arguments,
/// member functions defined outside the class, access specifiers, both forms of construction.
/// The expected values are the same arithmetic done here by hand.
@Suite struct MetalClassTests {
    static let source = """
        #include <metal_stdlib>
        using namespace metal;

        class Counter;
        class Counter {
        private:
            float total;
            float step;
        public:
            thread Counter(float start, float by = 2.0);
            float next();
            float peek() const { return total; }
        };

        thread Counter::Counter(float start, float by) : step(by) {
            total = start * 10.0;
        }

        float Counter::next() {
            total += step;
            return total;
        }

        struct Pair {
            float a, b;
            Pair(float x) : a(x), b{x * 3.0} {}
            Pair(float x, float y) { a = x; b = y; }
        };

        [[ stitchable ]] half4 counted(float2 position, half4 color) {
            Counter c = Counter(position.x);
            c.next();
            Counter d(position.y, 0.5);
            float second = d.next() + d.next();
            Pair one(position.x);
            Pair two = Pair(1.0, 7.0);
            return half4(c.next(), second, one.b + two.b, c.peek());
        }
        """

    @Test func constructorsAndMembersRunAsWritten() throws {
        let library = try ShaderLibrary(metalSource: Self.source, name: "Counter.metal")
        let picture = RGBAImage(width: 8, height: 4, fill: SIMD4(1, 1, 1, 1))
        let out = try TestGPU.get().render(picture, effects: [.colorEffect(library.counted())])
        for y in 0..<4 {
            for x in 0..<8 {
                let px = Float(x) + 0.5, py = Float(y) + 0.5
                // c: 10 px, then +2 twice; d: 10 py + 0.5, then + 0.5 again.
                let expected = SIMD4<Float>(px * 10 + 4, (py * 10 + 0.5) + (py * 10 + 1), px * 3 + 7, px * 10 + 4)
                #expect(out[x, y] == expected, "(\(x), \(y)): \(out[x, y])")
            }
        }
    }

    @Test func aConstructorThatTakesOtherArgumentsIsNamed() {
        let bad = Self.source.replacingOccurrences(of: "Pair two = Pair(1.0, 7.0);", with: "Pair two = Pair(1.0, 7.0, 2.0);")
        #expect(throws: ShaderError.self) { try ShaderLibrary(metalSource: bad, name: "Counter.metal") }
        do { _ = try ShaderLibrary(metalSource: bad, name: "Counter.metal").resolve(function: "counted", kind: nil) } catch {
            #expect("\(error)".contains("no matching constructor of 'Pair' with arguments (float, float, float)"), "\(error)")
            #expect("\(error)".contains("Pair(float, float)"), "\(error)")
        }
    }

    /// A getter returning a `const` reference to a member (a ray class's `origin()`, as public
    /// ray tracers write it) reads as a value; a reference the caller could write through is
    /// refused with its location.
    @Test func constReferenceResultsReadAsValues() throws {
        let source = """
            #include <metal_stdlib>
            using namespace metal;
            class Ray {
            public:
                Ray(const thread float3& origin, const thread float3& direction) : orig(origin), dir(direction) {}
                const thread float3& origin() const { return orig; }
                const thread float3& direction() const { return dir; }
                float3 at(float t) const { return orig + t * dir; }
            private:
                float3 orig;
                float3 dir;
            };
            [[ stitchable ]] half4 traced(float2 position, half4 color) {
                Ray r(float3(position, 1.0), float3(0.25, 0.5, 2.0));
                float3 p = r.at(2.0);
                return half4(p.x, p.y, r.origin().z + r.direction().z, 1.0);
            }
            """
        let library = try ShaderLibrary(metalSource: source, name: "Ray.metal")
        let out = try TestGPU.get().render(RGBAImage(width: 4, height: 3, fill: SIMD4(1, 1, 1, 1)), effects: [.colorEffect(library.traced())])
        for y in 0..<3 {
            for x in 0..<4 {
                let expected = SIMD4<Float>(Float(x) + 0.5 + 0.5, Float(y) + 0.5 + 1, 3, 1)
                #expect(out[x, y] == expected, "(\(x), \(y)): \(out[x, y])")
            }
        }
        let writable = source.replacingOccurrences(of: "const thread float3& origin() const", with: "thread float3& origin()")
        do {
            _ = try ShaderLibrary(metalSource: writable, name: "Ray.metal").resolve(function: "traced", kind: nil)
            Issue.record("a non-const reference result was accepted")
        } catch {
            #expect("\(error)".contains("Ray.metal:6:"), "\(error)")
            #expect("\(error)".contains("functions returning pointers or non-const references are not supported"), "\(error)")
        }
    }
}
