import Foundation
import Testing
import ShaderFXTestSupport
import ShaderFX

#if canImport(Glibc)
import Glibc
#endif

/// Runs `shaderfx` under `/bin/sh` with an address-space cap (`ulimit -v`, KiB), so that a
/// regression that allocates gigabytes fails the test instead of the machine; also measures
/// the peak RSS with `/usr/bin/time -v` when it is installed. Under a sanitizer (`make
/// sanitize`) neither: ASan and TSan reserve terabytes of address space for their shadow memory
/// at start, so no cap lets the binary start, and their shadow and quarantine are most of its
/// resident memory; the run and its outcome are checked all the same.
struct CappedRun {
    let status: Int32
    let stderr: String
    let seconds: Double
    /// Peak resident memory in KiB, when /usr/bin/time is available.
    let peakKiB: Int?

    init(_ arguments: [String], capKiB: Int = 4_000_000, folder: URL) throws {
        let sanitized = activeSanitizer != nil
        let time = !sanitized && FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time -v -o \(folder.path)/time.txt " : ""
        let quoted = ([CLIRun.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let started = Date()
        let cap = sanitized ? "" : "ulimit -v \(capKiB); "
        let run = try CLIRun(["-c", "\(cap)exec \(time)\(quoted)"], shell: true)
        seconds = Date().timeIntervalSince(started)
        status = run.status
        stderr = run.stderr
        let report = (try? String(contentsOf: folder.appendingPathComponent("time.txt"), encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("time.txt"))
        peakKiB = report.split(separator: "\n").first { $0.contains("Maximum resident set size") }
            .flatMap { $0.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
    }
}

extension CLIRun {
    /// Runs `/bin/sh` with `arguments` instead of the binary.
    init(_ arguments: [String], shell: Bool, environment: [String: String] = [:]) throws {
        try self.init(arguments, environment: environment, executable: "/bin/sh")
    }
}

/// A colour function that keeps llvmpipe's compiler busy for minutes: a 100,000-float array.
/// Each call gets a fresh comment, so Mesa's shader cache never hands back an earlier compile.
var hostileShader: String { "// \(UUID().uuidString)\n" + hostileShaderBody }

private let hostileShaderBody = """
    vec4 stuck(vec2 position, vec4 color) {
        float a[100000];
        for (int i = 0; i < 100000; i++) { a[i] = sin(float(i) * position.x); }
        float s = 0.0;
        for (int i = 0; i < 100000; i++) { s += a[(i * 7919) % 100000]; }
        return vec4(s, color.gba);
    }
    """

@Suite(.serialized) struct HardeningCLITests {
    /// Standard output on a full device: every command that prints must fail, not exit 0.
    @Test func aFullStandardOutputFailsTheRun() throws {
        try withTemporaryFolder { (dir) throws in
            let full = dir.path + "/full"
            try #require(mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0, "mknod needs root (make test runs as root)")
            let png = dir.path + "/a.png"
            #expect(try CLIRun(["render", "passthrough", "--size", "8x8", "-q", "-o", png]).status == 0)
            for arguments in [["effects"], ["effects", "--json"], ["info", "--json"], ["compare", png, png, "--json"], ["--help"]] {
                let quoted = ([CLIRun.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
                let run = try CLIRun(["-c", "exec \(quoted) > '\(full)'"], shell: true)
                #expect(run.status == 1, "\(arguments): exit \(run.status)")
                #expect(run.stderr.contains("standard output: cannot write: No space left on device"), "\(arguments): \(run.stderr)")
            }
        }
    }

    @Test func hugeSizesAreRefusedBeforeAnythingIsAllocated() throws {
        try withTemporaryFolder { (dir) throws in
            for size in ["16384x16384", "16384x8192"] {
                let run = try CappedRun(["render", "passthrough", "--picture", "pool", "--size", size, "-o", dir.path + "/o.png"], capKiB: 2_000_000, folder: dir.url)
                #expect(run.status == 1, "\(size): \(run.stderr)")
                #expect(run.stderr.contains("--max-pixels"), "\(run.stderr)")
                #expect(run.seconds < 20)
                if let peak = run.peakKiB { #expect(peak < 300_000, "\(size): peak \(peak) KiB") }
            }
            // The option raises (and lowers) the budget.
            let small = try CLIRun(["render", "passthrough", "--size", "100x100", "--max-pixels", "5000", "-o", dir.path + "/o.png"])
            #expect(small.status == 1 && small.stderr.contains("--max-pixels 1048576"), "\(small.stderr)")
            let raised = try CLIRun(["render", "passthrough", "--size", "100x100", "--max-pixels", "20000", "-o", dir.path + "/o.png"])
            #expect(raised.status == 0, "\(raised.stderr)")
            // A tiny PNG that declares 8192 x 8192 is refused from its header.
            let huge = pngBytes(width: 8192, height: 8192)
            try Data(huge).write(to: dir.appendingPathComponent("huge.png"))
            let png = try CappedRun(["render", "passthrough", "--input", dir.path + "/huge.png", "-o", dir.path + "/p.png"], folder: dir.url)
            #expect(png.status == 1 && png.stderr.contains("--max-pixels"), "\(png.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["huge.png", "o.png"])
        }
    }

    @Test func hostilePNGHeadersFailFastInLittleMemory() throws {
        try withTemporaryFolder { (dir) throws in
            // 44 bytes: a tEXt chunk that claims 0x7ffffff0 bytes.
            let text = Array(pngBytes(width: 1, height: 1).prefix(33)) + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + [1, 2, 3]
            #expect(text.count == 44)
            try Data(text).write(to: dir.appendingPathComponent("text.png"))
            let run = try CappedRun(["compare", dir.path + "/text.png", dir.path + "/text.png"], capKiB: 3_000_000, folder: dir.url)
            #expect(run.status != 0 && run.stderr.contains("claims"), "\(run.stderr)")
            #expect(run.seconds < 10)
            if let peak = run.peakKiB { #expect(peak < 100_000, "peak \(peak) KiB") }
        }
    }

    @Test func aStuckShaderIsStoppedByTheWatchdogLeavingNothing() throws {
        try withTemporaryFolder { (dir) throws in
            try hostileShader.write(to: dir.appendingPathComponent("stuck.glsl"), atomically: true, encoding: .utf8)
            let run = try CappedRun(["--timeout", "3", "render", "--shader", dir.path + "/stuck.glsl", "--kind", "color",
                                     "--size", "64x64", "-o", dir.path + "/out.png"], folder: dir.url)
            #expect(run.status == 1, "\(run.stderr)")
            if try currentRenderer().contains("llvmpipe") {
                #expect(run.stderr.contains("error: timed out after 3 s (--timeout)"), "\(run.stderr)")
            } else {
                // A GPU's compiler may refuse the 100,000-float array at once (NVIDIA does): then
                // nothing runs long, and the failure must still be clean.
                #expect(run.stderr.contains("error: timed out after 3 s (--timeout)") || run.stderr.contains("does not link")
                        || run.stderr.contains("does not compile"), "\(run.stderr)")
            }
            #expect(run.seconds < 15)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["stuck.glsl"])
        }
    }

    @Test(.enabled(if: (try? currentRenderer().contains("llvmpipe")) == true,
                   "the stuck shader runs long only on llvmpipe (a GPU's compiler may refuse it at once); aSequenceInterruptedWhileWritingLeavesNoTemporaryFiles covers signals on every renderer"))
    func sigtermRemovesTemporaryFilesAndExits143() throws {
        try withTemporaryFolder { (dir) throws in
            try hostileShader.write(to: dir.appendingPathComponent("stuck.glsl"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLIRun.binary)
            process.arguments = ["render", "--shader", dir.path + "/stuck.glsl", "--kind", "color", "--size", "64x64", "-o", dir.path + "/out.png"]
            process.standardError = Pipe()
            try process.run()
            Thread.sleep(forTimeInterval: 1.5)
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 143)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["stuck.glsl"])
        }
    }

    @Test func aSequenceInterruptedWhileWritingLeavesNoTemporaryFiles() throws {
        try withTemporaryFolder { (dir) throws in
            for attempt in 0..<3 {
                let folder = dir.path + "/frames\(attempt)"
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CLIRun.binary)
                // Long enough to be running at the signal on any GPU (a fast one draws thousands of these a second).
                process.arguments = ["animate", "ripple", "--size", "96x64", "--fps", "1000", "--duration", "600", "--max-frames", "1000000",
                                     "-q", "-o", folder]
                process.standardError = Pipe()
                try process.run()
                Thread.sleep(forTimeInterval: 0.8 + 0.3 * Double(attempt))
                kill(process.processIdentifier, attempt == 1 ? SIGINT : SIGTERM)
                process.waitUntilExit()
                #expect(process.terminationReason == .exit && process.terminationStatus == (attempt == 1 ? 130 : 143))
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                let leftovers = names.filter { $0.contains(".tmp-") }
                #expect(leftovers.isEmpty, "attempt \(attempt): \(leftovers)")
            }
        }
    }

    @Test func outputsToDevicesAndThroughLinks() throws {
        try withTemporaryFolder { (dir) throws in
            // Copies of /dev/null and /dev/stdout in the test's folder: a regression (or an old
            // binary, which renamed its file over them) must never replace the system's own.
            let null = dir.path + "/null"
            if mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
                let run = try CLIRun(["render", "passthrough", "--size", "8x8", "-q", "-o", null])
                #expect(run.status == 0, "\(run.stderr)")
                var info = stat()
                #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
                try FileManager.default.removeItem(atPath: null)
            }
            #expect(symlink("/proc/self/fd/1", dir.path + "/stdout") == 0)
            let stdout = try CLIRun(["render", "passthrough", "--size", "8x8", "-q", "-o", dir.path + "/stdout"])
            #expect(stdout.status == 0 && stdout.stdoutBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(stdout.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/stdout") == "/proc/self/fd/1")
            try FileManager.default.removeItem(atPath: dir.path + "/stdout")
            let full = dir.path + "/full"
            if mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 {
                let run = try CLIRun(["render", "passthrough", "--size", "8x8", "-o", full])
                #expect(run.status == 1 && run.stderr.contains("No space left"), "\(run.stderr)")
                var info = stat()
                #expect(lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
            }
            #expect(symlink("target.png", dir.path + "/link.png") == 0)
            let linked = try CLIRun(["render", "passthrough", "--size", "8x8", "-o", dir.path + "/link.png"])
            #expect(linked.status == 0, "\(linked.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.png") == "target.png")
            #expect(try PNG.read(path: dir.path + "/target.png").width == 8)
        }
    }

    @Test func emptyBackendsAreUsageErrors() throws {
        for arguments in [["--backend", ""], ["--backend", ":"]] {
            let run = try CLIRun(["render", "passthrough", "--size", "8x8", "-o", "never-written.png"] + arguments)
            #expect(run.status == 2 && run.stderr.contains("no backend named"), "\(arguments): \(run.stderr)")
        }
        let env = try CLIRun(["render", "passthrough", "--size", "8x8", "-o", "never-written.png"], environment: ["SHADERFX_BACKEND": ":"])
        #expect(env.status == 2 && env.stderr.contains("SHADERFX_BACKEND"), "\(env.stderr)")
    }

    @Test func endlessOrBinaryInputsAreRefused() throws {
        try withTemporaryFolder { (dir) throws in
            #expect(mkfifo(dir.path + "/events.json", 0o600) == 0)
            let fifo = try CLIRun(["animate", "ripple", "--size", "8x8", "--events", dir.path + "/events.json", "-o", dir.path + "/a.png"])
            #expect(fifo.status != 0 && fifo.stderr.contains("not a regular file"), "\(fifo.stderr)")
            let zero = try CLIRun(["render", "--shader", "/dev/zero", "--kind", "color", "--size", "8x8", "-o", dir.path + "/b.png"])
            #expect(zero.status != 0 && zero.stderr.contains("not a regular file"), "\(zero.stderr)")
            let folder = try CLIRun(["render", "--shader", dir.path, "--kind", "color", "--size", "8x8", "-o", dir.path + "/c.png"])
            #expect(folder.status != 0 && folder.stderr.contains("is a directory") && !folder.stderr.contains("NSCocoaErrorDomain"), "\(folder.stderr)")
        }
    }

    @Test func recordModeNeverWritesOutsideTheSuite() throws {
        try withTemporaryFolder { (suite) throws in
            try withTemporaryFolder { (outside) throws in
                try #"{"effect": "stripes", "size": "64x48"}"#.write(to: suite.appendingPathComponent("stripes.json"), atomically: true, encoding: .utf8)
                #expect(symlink(outside.path, suite.path + "/stripes") == 0)
                let run = try CLIRun(["test", suite.path, "--record", "missing"], environment: ["CI": ""])
                #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
                #expect(run.stdout.contains("outside the suite"), "\(run.stdout)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
            }
        }
    }

    @Test func recordFailedReRecordsACorruptReference() throws {
        try withTemporaryFolder { (suite) throws in
            try #"{"effect": "stripes", "size": "64x48"}"#.write(to: suite.appendingPathComponent("stripes.json"), atomically: true, encoding: .utf8)
            #expect(try CLIRun(["test", suite.path, "--record", "missing"], environment: ["CI": ""]).status == 0)
            let reference = suite.path + "/stripes/still.png"
            try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: URL(fileURLWithPath: reference))
            let never = try CLIRun(["test", suite.path, "--record", "never"], environment: ["CI": ""])
            #expect(never.status == 1 && never.stdout.contains("FAIL stripes"), "\(never.stdout)\(never.stderr)")
            let failed = try CLIRun(["test", suite.path, "--record", "failed"], environment: ["CI": ""])
            #expect(failed.status == 0 && failed.stdout.contains("RECORDED stripes"), "\(failed.stdout)\(failed.stderr)")
            #expect(try PNG.read(path: reference).width == 64)
        }
    }
}

/// A tiny PNG whose header declares `width` x `height` (no image data).
func pngBytes(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return be(UInt32(data.count)) + body + be(~crc)
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        + chunk("IDAT", []) + chunk("IEND", [])
}
