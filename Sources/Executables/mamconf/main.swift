import MamconfCLI

// Signals first: nothing may run before SIGINT and SIGTERM are handled.
Mamconf.armSignals()
await Mamconf.runAndExit()
