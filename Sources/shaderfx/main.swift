import ShaderFXCLI

#if canImport(Glibc)
import Glibc
#endif

// The tool reads --timeout, installs the signal handlers and arms the watchdog before any work.
exit(ShaderFXCLI.main(Array(CommandLine.arguments.dropFirst())))
