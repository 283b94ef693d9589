import ShortcutServeKit

CommandRunner.main(Array(CommandLine.arguments.dropFirst()))
