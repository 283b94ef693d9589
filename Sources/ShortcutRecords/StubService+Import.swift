import ShortcutJSON
import ShortcutStubs

/// WireMock's `POST /__admin/mappings/import`, all or nothing.
extension StubService {
    /// Adds `mappings` (replacing a stub of the same id when `overwrite`, else keeping it), after removing
    /// every stub when `deleteAllNotInImport`. All or nothing: every mapping is read and its templates
    /// compiled first, the new set is built on a copy of the index, and it takes the index's place only
    /// when whole, so a refusal half-way (a bad mapping, the stub limit) leaves the stubs as they were.
    /// - Throws: `.invalid` naming `mappings[i]` and the field, `.full` naming the limit.
    package func importMappings(_ mappings: [JSONValue], overwrite: Bool, deleteAllNotInImport: Bool) throws(StubServiceError) {
        var prepared: [(mapping: StubMapping, templates: StubTemplates?)] = []
        prepared.reserveCapacity(mappings.count)
        for (position, json) in mappings.enumerated() {
            do throws(StubServiceError) {
                let mapping = try Self.parse(json)
                prepared.append((mapping, try compile(mapping)))
            } catch {
                throw error.within("mappings[\(position)]")
            }
        }
        let (kept, removed) = try swapInImport(prepared, overwrite: overwrite, deleteAllNotInImport: deleteAllNotInImport)
        // The store follows the index: records of removed stubs go, persistent imported ones are kept.
        var failure: StubServiceError?
        for mapping in removed {
            do throws(StubServiceError) { try forget(mapping.id) } catch { failure = failure ?? error }
        }
        for mapping in kept {
            do throws(StubServiceError) {
                if mapping.persistent == true { try persist(mapping) } else { try forget(mapping.id) }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// Builds the imported set on a copy of the index and puts it in the index's place when whole. Returns
    /// the stubs the import stored and those it removed.
    private func swapInImport(
        _ prepared: [(mapping: StubMapping, templates: StubTemplates?)], overwrite: Bool, deleteAllNotInImport: Bool
    ) throws(StubServiceError) -> (kept: [StubMapping], removed: [StubMapping]) {
        lock.lock()
        defer { lock.unlock() }
        var next = deleteAllNotInImport ? StubIndex(maxMappings: index.maxMappings) : index
        var nextTemplates = deleteAllNotInImport ? [:] : templates
        var kept: [StubMapping] = []
        do throws(StubIndexError) {
            for (mapping, compiled) in prepared {
                let stored: StubMapping
                if next.mapping(id: mapping.id) != nil {
                    guard overwrite else { continue }
                    stored = try next.replace(mapping)
                } else {
                    stored = try next.add(mapping)
                }
                nextTemplates[stored.id] = compiled
                kept.append(stored)
            }
        } catch {
            throw StubServiceError(error)
        }
        let removed = deleteAllNotInImport ? index.all.filter { next.mapping(id: $0.id) == nil } : []
        index = next
        templates = nextTemplates
        return (kept, removed)
    }
}
