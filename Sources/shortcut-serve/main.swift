import ShortcutCLI

CommandRunner.main(Array(CommandLine.arguments.dropFirst()))
