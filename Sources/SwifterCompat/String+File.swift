import Foundation
import ShortcutPlatform

extension String {
    /// A file operation failed with this `errno`.
    public enum FileError: Error {
        /// The `errno` of the failed call (0 when none applies).
        case error(Int32)
    }

    /// An open file, as Swifter's `String.File`, over a `FileHandle` (Swifter wrapped a C `FILE *`; no
    /// C stream type is offered here, since only the platform layer may touch the C library).
    public class File {
        let handle: FileHandle

        /// Wraps an open handle; `close()` closes it.
        public init(_ handle: FileHandle) { self.handle = handle }

        /// Closes the file.
        public func close() { try? handle.close() }  // closing twice, or a failed close, leaves nothing to do

        /// Moves to `offset` from the start; false when that fails.
        public func seek(_ offset: Int) -> Bool {
            guard offset >= 0 else { return false }
            do {
                try handle.seek(toOffset: UInt64(offset))
                return true
            } catch {
                return false
            }
        }

        /// Reads up to `data.count` bytes into `data`; returns how many (fewer only at the end of the file).
        public func read(_ data: inout [UInt8]) throws -> Int {
            var count = 0
            while count < data.count {
                let chunk: Data
                do {
                    guard let read = try handle.read(upToCount: data.count - count), !read.isEmpty else { break }
                    chunk = read
                } catch {
                    throw FileError.error(Int32((error as NSError).code))
                }
                data.replaceSubrange(count..<(count + chunk.count), with: chunk)
                count += chunk.count
            }
            return count
        }

        /// Writes every byte of `data`.
        public func write(_ data: [UInt8]) throws {
            do {
                try handle.write(contentsOf: data)
            } catch {
                throw FileError.error(Int32((error as NSError).code))
            }
        }

        /// The process's working directory.
        public static func currentWorkingDirectory() throws -> String { FileManager.default.currentDirectoryPath }
    }

    /// The separator of path components. Read-only here (Swifter's was a settable global; no platform this
    /// module runs on uses another).
    public static var pathSeparator: String { "/" }

    /// Opens (creating or emptying) the file at this path for writing.
    public func openNewForWriting() throws -> File { try openFileForMode(self, "wb") }

    /// Opens the file at this path for reading.
    public func openForReading() throws -> File { try openFileForMode(self, "rb") }

    /// Opens the existing file at this path for reading and writing.
    public func openForWritingAndReading() throws -> File { try openFileForMode(self, "r+b") }

    /// Opens `path` with a C `fopen` mode: `rb`/`r`, `wb`/`w`, `r+b`/`r+`; another mode throws `EINVAL`.
    public func openFileForMode(_ path: String, _ mode: String) throws -> File {
        let options: OpenOptions
        switch mode {
        case "r", "rb": options = .readOnly
        case "r+", "r+b", "rb+": options = .readWrite
        case "w", "wb":
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw FileError.error(Platform.errno)
            }
            options = .writeOnly
        default: throw FileError.error(ShortcutPlatform.Errno.invalidArgument)
        }
        do {
            let fd = try Platform.open(path, options)
            return File(FileHandle(fileDescriptor: fd, closeOnDealloc: true))
        } catch {
            throw FileError.error(error.errno)
        }
    }

    /// Whether something exists at this path (symbolic links followed).
    public func exists() throws -> Bool { FileManager.default.fileExists(atPath: self) }

    /// Whether this path is a directory (symbolic links followed).
    public func directory() throws -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: self, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The names in the directory at this path, without `.` and `..`.
    public func files() throws -> [String] {
        var names: [String] = []
        do {
            try Platform.scanDirectory(self) { name, _ in names.append(String(decoding: name, as: UTF8.self)) }
        } catch {
            throw FileError.error(error.errno)
        }
        return names
    }
}
