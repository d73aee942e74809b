// libFuzzer target: the view-file front-end of ShaderFXUI as `shaderfx view` runs it, short of
// the GPU: the lexer and parser (ViewFileProgram), the evaluator into the view tree (makeView),
// then what ViewRenderer.layout() does (the tree resolved, laid out for a 320×240 proposal) and
// the root's pixel size the renderer sizes its layer with. Any input must end in a layout or a
// ViewFileError/ViewError; a crash, a hang or an allocation past libFuzzer's limits is a finding.
import Foundation
@testable import ShaderFXUI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let program = try? ViewFileProgram(source: text, file: "fuzz.swift"),
          let view = try? program.makeView(settings: ViewFileSettings(time: 0.5)) else { return 0 }
    var environment = EnvironmentValues()
    environment.time = 0.5
    environment.proposedSize = ProposedViewSize(width: 320, height: 240)
    var context = ResolveContext(environment: environment, services: services)
    _ = try? ViewClock.$time.withValue(0.5) {
        var root = try context.single(view)
        let result = try root.layOut(in: ProposedViewSize(width: 320, height: 240), scale: 2)
        _ = result.pixelSize
    }
    _ = ViewImages.takeArgumentFailure()
    return 0
}

/// Fonts and glyphs are cached across inputs, as across the frames of one run.
let services = ViewServices()
