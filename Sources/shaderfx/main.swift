import ShaderFXCLI

#if canImport(Glibc)
import Glibc
#endif

exit(ShaderFXCLI.run(Array(CommandLine.arguments.dropFirst())))
