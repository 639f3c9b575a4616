// mamconf-reference: the bundled reference integration (simulated Intune SDK + minimal app + bridge),
// speaking the mamconf adapter protocol on stdin/stdout. Logs go to stderr only; stdout is the protocol.
import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to stderr (the runner keeps it in the case transcript).
func printError(_ text: String) {
    StandardStreams.write((text + "\n"), to: STDERR_FILENO)
}

// A runner that went away must end this process through EOF/EPIPE handling, not a signal.
signal(SIGPIPE, SIG_IGN)

let options: ReferenceOptions
do {
    options = try ReferenceOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("mamconf-reference: \(error)")
    printError(ReferenceOptions.usage)
    exit(2)
}

if options.showHelp {
    print(ReferenceOptions.usage)
    exit(0)
}

if options.listMutants {
    for mutant in ReferenceMutant.all { print(mutant.listingLine) }
    exit(0)
}

if let mutant = options.mutant {
    printError("mamconf-reference: mutant \(mutant.name) is on")
}

let server = AdapterServer(lineLimit: options.lineLimit)
let bridge = ReferenceBridge(options: options)
server.run(handler: bridge)
bridge.terminate()
exit(0)
