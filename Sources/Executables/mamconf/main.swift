import MamconfCLI

await Mamconf.runAndExit()
