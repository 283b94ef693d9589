/// A file written into a folder outside the store's own, as crash-safely as a record (`DurableFile`: a temp
/// file, `fsync`, rename, the folder's `fsync`): what `POST /__admin/mappings/save` writes into `--stubs`.
package enum DurableFolderFile {
    /// Writes `bytes` as `name` in `folder`, replacing a file of that name; returns once it is durable.
    package static func write(_ bytes: [UInt8], named name: String, in folder: String) throws(PageStoreError) {
        let folderFD = try StoreIO.open(folder, [.readOnly, .directory])
        defer { StoreIO.close(folderFD) }
        _ = try DurableFile.write(bytes, named: name, in: folder, directoryFD: folderFD, mode: .replace, durable: true)
    }
}
