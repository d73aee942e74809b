import ShaderFXCore
/// Why a shader argument's text could not be read: what the parameter expects.
package struct ArgumentTextError: Error, Equatable {
    /// What the text should look like, e.g. "two numbers X,Y".
    package let expected: String
}

extension Shader.Argument {
    /// Reads an argument for `parameter` as typed on a command line or in a golden case:
    /// numbers separated by commas, a colour name or `#rrggbb`, `bounds` for the bounding rect.
    /// Image and layer parameters are the caller's to resolve.
    package static func parse(_ text: String, for parameter: ShaderParameter) throws(ArgumentTextError) -> Shader.Argument {
        func numbers(_ count: Int) -> [Float]? { ValueForms.numbers(text, count: count...count) }
        switch parameter.type {
        case .float:
            guard let v = numbers(1) else { throw ArgumentTextError(expected: "a number") }
            return .float(v[0])
        case .vec2:
            guard let v = ValueForms.point(text) else { throw ArgumentTextError(expected: ValueForms.pointForm) }
            return .float2(v.x, v.y)
        case .vec3:
            guard let v = numbers(3) else { throw ArgumentTextError(expected: "three numbers X,Y,Z") }
            return .float3(v[0], v[1], v[2])
        case .vec4:
            if text == "bounds" || text == "boundingRect" { return .boundingRect }
            if let v = numbers(4) { return .float4(v[0], v[1], v[2], v[3]) }
            do { return .color(try RGBA.parse(text)) } catch {
                throw ArgumentTextError(expected: "four numbers, a colour (a SwiftUI name such as red, or #rrggbb), or 'bounds'")
            }
        case .floatArray:
            guard let values = ValueForms.numbers(text) else {
                throw ArgumentTextError(expected: "numbers separated by commas")
            }
            return .floatArray(values)
        case .colorArray:
            do { return .colorArray(try RGBA.parseList(text)) } catch {
                throw ArgumentTextError(expected: "colours separated by commas (\(error))")
            }
        case .image, .layer:
            preconditionFailure("handled by the caller")
        }
    }
}
