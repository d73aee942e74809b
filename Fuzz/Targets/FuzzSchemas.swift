// libFuzzer target: the JSON schemas ShaderFX reads, each through the code its command runs:
//   first byte % 3 == 0: an event script (EventScript.decode and validate: `animate --events`);
//                    1: a golden case (GoldenCase.parse on JSONValue.parse: `shaderfx test`);
//                    2: a batch's jobs file, one job a line (BatchJob.parse and BatchJob.init:
//                       `shaderfx batch`), blank and `#` lines skipped as the command does.
// Paths inside a case or job resolve against a folder that does not exist, so the fuzzer
// exercises the checks, not the files of the machine. Any input must end in a value or an
// error; a crash, a hang or an allocation past libFuzzer's limits is a finding.
import Foundation
import ShaderFX
import ShaderFXGolden
@testable import ShaderFXCLI
import ShaderFXCore

let folder = "/nonexistent-fuzz"
let images = ImageStore()
let files = ViewFileCache()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 3 {
    case 0:
        _ = try? EventScript.decode(data: body, name: "events.json")
    case 1:
        guard let json = try? JSONValue.parse(body, file: "\(folder)/case.json") else { return 0 }
        _ = try? GoldenCase.parse(json, path: "\(folder)/case.json", name: "case", folder: folder,
                                  images: images, files: files)
    default:
        let text = String(decoding: body, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = String(line).trimmed
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let file = "\(folder)/jobs.jsonl:\(index + 1)"
            guard let json = try? BatchJob.parse(trimmed, file: file) else { continue }
            _ = try? BatchJob(json: json, file: file, folder: folder, images: images, files: files)
        }
    }
    return 0
}
