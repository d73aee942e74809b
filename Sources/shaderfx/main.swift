import ShaderFXCLI
import ShaderFXCore

#if canImport(Glibc)
import Glibc
#endif

// --timeout, the signal handlers and the watchdog come first: nothing may hang unattended.
let arguments: [String]
do {
    arguments = try ProcessGuard.start(Array(CommandLine.arguments.dropFirst()))
} catch {
    ProcessGuard.printError("\(error)")
    exit(2)
}
exit(ShaderFXCLI.run(arguments))
