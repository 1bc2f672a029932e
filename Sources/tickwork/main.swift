import TickworkCLI

#if canImport(Glibc)
import Glibc
#endif

exit(Tickwork.main(Array(CommandLine.arguments.dropFirst())))
