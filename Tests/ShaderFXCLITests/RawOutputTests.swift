import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFXCLI

/// Raw frames on standard output: in order to a pipe, written in place by several threads to
/// a regular file (`-o - > frames.rgba`), appended after what the file already holds when it
/// is opened for appending, and the same bytes every way.
@Suite(.serialized) struct RawOutputTests {
    static func bash(_ script: String, in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SFX"] = CLIRun.binary
        environment.removeValue(forKey: "SHADERFX_BACKEND")
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aFileAPipeAndAnAppendGetTheSameFrames() throws {
        try withTemporaryFolder { (dir) throws in
            let run = "\"$SFX\" animate ripple --size 40x30 --origin 20,15 --duration 0.5 --fps 30 -q -o -"
            #expect(try Self.bash("\(run) | cat > piped.rgba", in: dir.url) == 0)
            #expect(try Self.bash("\(run) > file.rgba", in: dir.url) == 0)
            // After a header written through the same descriptor: the frames follow it.
            #expect(try Self.bash("{ printf HEADER; \(run); printf TRAILER; } > framed.rgba", in: dir.url) == 0)
            #expect(try Self.bash("printf OLD > appended.rgba; \(run) >> appended.rgba", in: dir.url) == 0)
            let piped = try Data(contentsOf: dir.appendingPathComponent("piped.rgba"))
            #expect(piped.count == 15 * 40 * 30 * 4)
            // Frames differ from one another (the ripple moves), so an order mix-up would show.
            #expect(piped.prefix(4800) != piped.suffix(4800))
            #expect(try Data(contentsOf: dir.appendingPathComponent("file.rgba")) == piped)
            #expect(try Data(contentsOf: dir.appendingPathComponent("framed.rgba")) == Data("HEADER".utf8) + piped + Data("TRAILER".utf8))
            #expect(try Data(contentsOf: dir.appendingPathComponent("appended.rgba")) == Data("OLD".utf8) + piped)
        }
    }

    @Test func aFullDiskIsAnErrorNotAHang() throws {
        try withTemporaryFolder { (dir) throws in
            #expect(try Self.bash("\"$SFX\" animate ripple --size 40x30 --duration 0.5 --fps 30 -q -o - > /dev/full 2> err.txt", in: dir.url) == 1)
            let message = try String(contentsOf: dir.appendingPathComponent("err.txt"), encoding: .utf8)
            #expect(message.contains("No space left on device"), "\(message)")
        }
    }
}
