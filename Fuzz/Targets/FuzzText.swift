// libFuzzer target: ShaderFX's text readers below the schemas: the JSON reader (JSONValue.parse,
// its error locations, JSONFields' typed look-ups) and the value-text forms (ValueForms) that
// flags, event scripts and golden cases all read numbers, sizes, points and durations with.
// The first byte picks the reader; the rest is the text.
import Foundation
import ShaderFXCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let body = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let text = String(decoding: body, as: UTF8.self)
    switch data[0] % 2 {
    case 0: readJSON(Data(body))
    default: readValueForms(text)
    }
    return 0
}

/// Parses the document and, where it is an object, asks each of its fields for every type.
func readJSON(_ data: Data) {
    guard let value = try? JSONValue.parse(data, file: "fuzz.json") else { return }
    guard case .object(let object) = value else { return }
    let keys = Array(object.keys)
    guard let fields = try? JSONFields(value, file: "fuzz.json", path: "", allowed: keys) else { return }
    for key in keys {
        _ = try? fields.string(key)
        _ = try? fields.number(key)
        _ = try? fields.int(key, in: -1000...1000)
        _ = try? fields.bool(key)
        _ = try? fields.textMap(key)
        _ = try? fields.array(key)
    }
}

func readValueForms(_ text: String) {
    _ = ValueForms.finite(text)
    _ = ValueForms.finiteFloat(text)
    _ = ValueForms.integer(text)
    _ = ValueForms.bool(text)
    _ = ValueForms.doubles(text)
    _ = ValueForms.numbers(text, count: 1...4)
    _ = ValueForms.point(text)
    _ = ValueForms.coordinates(text)
    _ = ValueForms.size(text)
    _ = ValueForms.duration(text)
    _ = ValueForms.sampleOffset(text)
}
