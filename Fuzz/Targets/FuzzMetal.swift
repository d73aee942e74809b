// libFuzzer target: the Metal front-end (preprocessor, lexer, parser, semantic pass, GLSL emitter)
// through MetalTranslator, the API the renderer calls. Any input must end in a translation or a
// MetalError; a crash, a hang or an allocation past libFuzzer's limits is a finding.
import ShaderFXMetal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Two files, so the multi-file paths (a helper defined in one, called from the other; a name
    // defined twice) are reached too: the input splits at its first form feed, if it has one.
    let parts = text.split(separator: "\u{0C}", maxSplits: 1, omittingEmptySubsequences: false)
    var files = [MetalSourceFile(path: "fuzz.metal", text: String(parts[0]))]
    if parts.count > 1 { files.append(MetalSourceFile(path: "second.metal", text: String(parts[1]))) }
    _ = try? MetalTranslator().translate(files)
    return 0
}
