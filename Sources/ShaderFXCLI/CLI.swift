import ShaderFXUI
import ShaderFXCore
import ShaderFXGolden

#if canImport(Glibc)
import Glibc
#endif

/// The `shaderfx` command-line tool.
public enum ShaderFXCLI {
    /// Every command, in help order: dispatch and help both come from this list.
    static var commands: [any ParsableCommand.Type] {
        [RenderCommand.self, TranslateCommand.self, AnimateCommand.self, TransitionCommand.self, CompareCommand.self, TestCommand.self,
         BatchCommand.self, EffectsCommand.self, InfoCommand.self, MontageCommand.self, GenerateCommand.self, PrecisionCommand.self]
    }

    /// The tool's description for routing and the top-level help.
    static var tool: ToolDescription {
        ToolDescription(
            name: "shaderfx",
            abstract: "Render SwiftUI-style shader effects headless, with EGL and OpenGL ES.",
            discussion: """
                Effects follow SwiftUI's contracts: colorEffect, distortionEffect, layerEffect and \
                shaders used as fills; positions in points with the origin top-left; premultiplied colours. \
                The GPU backend is chosen with --backend or SHADERFX_BACKEND (auto, surfaceless, device, gbm).
                Every command stops after --timeout SECONDS (default 600; 0 for no limit), exits 1 and leaves \
                no partial output; SIGINT and SIGTERM remove temporary files too (exit 130, 143).
                Exit codes: 0 done; 1 the work failed (a render, a bad input file, a shader that does not \
                compile, a limit reached); 2 usage or set-up error (a bad option, no GPU or EGL).
                """,
            version: ShaderFXVersion.string,
            commands: commands.map { $0.commandDescription })
    }

    /// The process's entry point: takes `--timeout` out of `arguments` (without the executable
    /// name), installs the signal handlers and arms the watchdog, then runs the command.
    /// - Returns: the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        // --timeout, the signal handlers and the watchdog come first: nothing may hang unattended.
        let rest: [String], seconds: Double
        do {
            (rest, seconds) = try TimeoutOption.extract(from: arguments)
        } catch {
            ProcessGuard.printError("\(error)")
            return 2
        }
        ProcessGuard.start(timeout: seconds, message: TimeoutOption.expiryMessage(seconds: seconds))
        return run(rest)
    }

    /// Runs the tool with `arguments` (without the executable name and `--timeout`) and
    /// returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        var output = Output()
        do {
            let code: Int32
            switch try tool.route(arguments) {
            case .help where arguments.isEmpty:
                // No command is a usage error: the help goes where errors go.
                Output.write(tool.helpText() + "\n", to: STDERR_FILENO)
                return 2
            case .help:
                output.print(tool.helpText())
                code = 0
            case .version:
                output.print("shaderfx \(ShaderFXVersion.string)")
                code = 0
            case let .command(description, rest):
                guard let command = description.commandType else { preconditionFailure("\(description.name) has no command type") }
                code = try CommandRunner.run(command, rest, output: &output)
            }
            // Output that could not be written is a failed run, whatever the command did.
            if let failure = output.failure {
                output.error("standard output: \(failure)")
                return 1
            }
            return code
        } catch {
            let failure = Failure(error)
            if failure.isCompilerStyle {
                // `file:line:col: error: message`, as a compiler prints it, for editors to follow.
                Output.write(failure.message + "\n", to: STDERR_FILENO)
            } else {
                output.error(failure.message)
            }
            if let hint = failure.hint { output.error(hint) }
            return failure.exitCode
        }
    }
}

/// A command's own failure with its exit code (e.g. 2 for a suite that cannot be read), reported
/// through the same path as every other error.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let message: String
    /// The exit code to return.
    let exitCode: Int32

    var description: String { message }
}

/// An error as the CLI reports it: the message, an optional hint, the exit code.
struct Failure {
    let message: String
    let hint: String?
    let exitCode: Int32
    /// True when the message is already `file:line:col: error: ...` (a Metal translation error).
    var isCompilerStyle = false

    init(_ error: any Error) {
        switch error {
        case let error as ShaderError:
            message = ErrorWording.message(error)
            hint = nil
            exitCode = 1
            if case .translationFailed = error { isCompilerStyle = true }
        case let error as ViewFileError:
            // `Card.swift:12:5: error: ...`, the source line and a caret, as a compiler prints them.
            message = error.description
            hint = nil
            exitCode = 1
            isCompilerStyle = true
        case let error as ViewError:
            message = error.message
            hint = nil
            exitCode = 1
        case let error as CommandFailure:
            message = error.message
            hint = nil
            exitCode = error.exitCode
        case let error as UsageError:
            message = "\(error)"
            hint = "Run 'shaderfx help' or add --help to a command for its options."
            exitCode = 2
        case let error as GPUOptions.OptionsError:
            message = "\(error)"
            hint = nil
            exitCode = 2
        case let error as GPUError:
            message = ErrorWording.message(error)
            switch error {
            case .libraryMissing, .noDisplay, .noContext:
                hint = "ShaderFX needs an EGL driver: Mesa (apt-get install libegl-mesa0 libgl1-mesa-dri) for software rendering, or a GPU vendor's."
                exitCode = 2
            case .noDevice:
                hint = nil
                exitCode = 2
            default:
                hint = nil
                exitCode = 1
            }
        case let error as ImageError:
            message = ErrorWording.message(error)
            hint = nil
            // A missing librsvg is a set-up error, as a missing EGL driver is.
            if case .libraryMissing = error { exitCode = 2 } else { exitCode = 1 }
        case let error as ParameterError:
            message = ErrorWording.message(error)
            hint = "Run 'shaderfx effects' for every effect's parameters, or 'shaderfx transition NAME --help' for a transition's."
            exitCode = 2
        default:
            message = ErrorWording.message(error)
            hint = nil
            exitCode = 1
        }
    }
}

/// Standard output and error, flushed line by line.
struct Output {
    /// When true, only errors are written.
    var quiet = false
    /// When true, status lines go to standard error (standard output carries data).
    var toStandardError = false
    /// Why standard output could not be written (a full disk, a closed descriptor), first
    /// failure only; the run then ends with exit 1 however the command went.
    private(set) var failure: String?

    /// Writes a line to standard output.
    mutating func print(_ text: String) {
        if let problem = Self.write(text + "\n", to: STDOUT_FILENO), failure == nil { failure = problem }
    }

    /// Writes a progress or status line to standard output unless quiet.
    mutating func status(_ text: String) {
        guard !quiet else { return }
        let fd = toStandardError ? STDERR_FILENO : STDOUT_FILENO
        if let problem = Self.write(text + "\n", to: fd), fd == STDOUT_FILENO, failure == nil { failure = problem }
    }

    /// Writes `shaderfx: error: ...` to standard error.
    func error(_ text: String) {
        let line = text.hasPrefix("Run ") || text.hasPrefix("ShaderFX ") ? text + "\n" : "shaderfx: error: \(text)\n"
        Self.write(line, to: STDERR_FILENO)
    }

    /// Writes all of `text` to a file descriptor, unbuffered, so lines keep their order;
    /// returns what went wrong, or nil.
    @discardableResult
    static func write(_ text: String, to fd: Int32) -> String? {
        Array(text.utf8).withUnsafeBytes { OutputFile.writeAll($0, to: fd) }
    }

    /// Writes all of `data` to a file descriptor, retrying interrupted writes; throws when the
    /// descriptor refuses (a full disk, a closed pipe), so data output never fails silently.
    static func writeAll(_ data: [UInt8], to fd: Int32, name: String) throws {
        if let problem = data.withUnsafeBytes({ OutputFile.writeAll($0, to: fd) }) {
            throw ImageError.unwritable(path: name, reason: problem)
        }
    }

    /// Reads `fd` to its end, refusing more than `limit` bytes.
    static func readAll(_ fd: Int32, name: String, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw ImageError.unreadable(path: name, reason: String(cString: strerror(errno))) }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard bytes.count <= limit else {
                throw ImageError.unreadable(path: name, reason: "more than \(limit >> 20) MiB; give the picture as a file")
            }
        }
    }

}

/// The version of ShaderFX. The `VERSION` file at the package root is the source: the Makefile
/// names the release tarball from it, and a test fails when this constant differs from it.
enum ShaderFXVersion {
    static let string = "0.1.0"
}
