// swifter-compat-bench: used only by `scripts/bench.sh --swifter`, not a product. It serves the same
// `GET /s` 301 (Location: the bytes of a file) twice in one process: through the core (`ShortcutHTTP`'s
// `HTTPServer`) on one port and through `SwifterCompat`'s `HttpServer` on another, each written the way
// its users write it, so wrk can compare the compatibility layer with the core on identical work.
//
//     swifter-compat-bench CORE_PORT COMPAT_PORT LOCATION_FILE
//
// Prints `listening core PORT compat PORT` once both are bound; runs until killed.
import Dispatch
import Foundation
import ShortcutHTTP
import SwifterCompat

let arguments = CommandLine.arguments
guard arguments.count == 4, let corePort = UInt16(arguments[1]), let compatPort = UInt16(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: swifter-compat-bench CORE_PORT COMPAT_PORT LOCATION_FILE\n".utf8))
    exit(64)
}
let location: String
do {
    location = try String(contentsOfFile: arguments[3], encoding: .utf8).trimmingCharacters(in: .newlines)
} catch {
    FileHandle.standardError.write(Data("error: \(arguments[3]): \(error)\n".utf8))
    exit(1)
}

let core = HTTPServer()
core["/s"] = { _ in .movedPermanently(location) }
let compat = HttpServer()
compat["/s"] = { _ in .movedPermanently(location) }
do {
    try core.start(corePort)
    try compat.start(compatPort, forceIPv4: true)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
// Unbuffered: the script waits for this line.
FileHandle.standardOutput.write(Data("listening core \(corePort) compat \(compatPort)\n".utf8))
dispatchMain()
