import ShortcutJSON
import ShortcutPlatform
import ShortcutStore
import ShortcutStubs
import ShortcutUpstream

/// What a recording's stop or a snapshot made.
package struct RecordingResult: Sendable {
    /// The mappings made, in the order of their exchanges (as WireMock answers them).
    package let mappings: [JSONValue]
    /// Whether the answer lists only ids (`outputFormat: IDS`).
    package let idsOnly: Bool
    /// Exchanges proxied but not kept (the recorder's bounds): not in `mappings`.
    package let notKept: Int
    /// Where they were written (`--stubs` folder's `mappings/`), or nil when not persisted there.
    package let writtenTo: String?
}

/// WireMock's proxying and recording, on the stubs: a proxy stub's exchange goes through `forward`, which
/// keeps it for the recorder; `startRecording` adds a proxy stub for every request (priority 1) to the
/// target; `stopRecording` and `snapshot` turn the exchanges into mappings and, with `persist`, write them
/// durably into the `--stubs` folder (bodies over the threshold into `__files/`) — or, with no folder, keep
/// them as persistent stubs in the store — and serve them.
extension StubService {
    /// The upstream's answer to a proxy stub's request (kept for the recorder), or why there is none.
    package func forward(_ request: StubRequest, match: StubMatch) -> Result<UpstreamResponse, UpstreamFailure> {
        let result = proxy.forward(request, definition: match.mapping.response)
        if case .success(let response) = result {
            recorder.capture(
                RecordedExchange(
                    method: request.method, url: request.url, requestHeaders: request.headers.map { ($0.name, $0.value) },
                    requestBody: request.body, status: response.status, responseHeaders: response.headers, responseBody: response.body))
        }
        return result
    }

    /// Starts recording what reaches the server, proxied to the spec's `targetBaseUrl`.
    package func startRecording(_ json: JSONValue) throws(StubServiceError) {
        let spec: RecordSpec
        do throws(MappingError) {
            spec = try RecordSpec.parse(json, requiresTarget: true)
        } catch {
            throw .invalid(error)
        }
        guard let target = spec.targetBaseUrl else { throw .invalid(MappingError(path: "targetBaseUrl", reason: "is required")) }
        guard recorder.status != .recording else { throw .recording("a recording is running already: stop it first") }
        // A target that is this server would record its own answers to itself, each request waiting on the next.
        if let problem = proxy.client.targetProblem(target), problem.kind == .loop {
            throw .invalid(MappingError(path: "targetBaseUrl", reason: problem.description))
        }
        let proxyStub: JSONValue = .object([
            ("name", .string("recording proxy to \(target)")), ("priority", .number(1)),
            ("request", .object([("urlPattern", .string(".*"))])),
            ("response", .object([("proxyBaseUrl", .string(target))])),
        ])
        let added = try add(proxyStub)
        guard recorder.begin(spec: spec, proxyID: added.id) else {
            try? remove(id: added.id)
            throw .recording("a recording is running already: stop it first")
        }
    }

    /// Stops the recording: its proxy stub removed, its exchanges made into mappings (saved and served
    /// with `persist`).
    package func stopRecording() throws(StubServiceError) -> RecordingResult {
        guard let recording = recorder.takeRecording() else { throw .recording("no recording is running") }
        try? remove(id: recording.proxyID)
        return try keep(recording.exchanges, spec: recording.spec, notKept: recording.notKept)
    }

    /// Mappings made from every exchange proxied so far (WireMock's snapshot).
    package func snapshot(_ json: JSONValue) throws(StubServiceError) -> RecordingResult {
        let spec: RecordSpec
        do throws(MappingError) {
            spec = try RecordSpec.parse(json, requiresTarget: false)
        } catch {
            throw .invalid(error)
        }
        return try keep(recorder.kept, spec: spec, notKept: recorder.notKept)
    }

    /// Generates the mappings for `exchanges` and, with `spec.persist`, writes and serves them.
    private func keep(_ exchanges: [RecordedExchange], spec: RecordSpec, notKept: Int) throws(StubServiceError) -> RecordingResult {
        let extractsBodies = spec.persist && folder != nil
        let generated = SnapshotGenerator.stubs(from: exchanges, spec: spec, extractsBodies: extractsBodies, newID: StubID.generate)
        var mappings: [StubMapping] = []
        for json in generated.mappings {
            do throws(MappingError) {
                mappings.append(try StubMapping.parse(json))
            } catch {
                throw .invalid(error)
            }
        }
        var writtenTo: String?
        if spec.persist {
            if let folder {
                try write(generated, mappings: mappings, into: folder)
                writtenTo = folder + "/mappings"
            } else {
                // No folder: persistent stubs in the store (the generator marked them so) keep them.
                for json in generated.mappings { _ = try add(json) }
            }
        }
        return RecordingResult(
            mappings: mappings.map(\.jsonValue), idsOnly: spec.outputFormat == .ids, notKept: notKept, writtenTo: writtenTo)
    }

    /// Writes the bodies into `__files/` and the mappings into `mappings/`, each durably, then serves them as
    /// the folder's stubs (the watcher's stamp is taken after, so it does not read them again).
    private func write(_ generated: GeneratedStubs, mappings: [StubMapping], into folder: String) throws(StubServiceError) {
        let files = folder + "/__files"
        let mappingsFolder = folder + "/mappings"
        do throws(SystemError) {
            _ = try Platform.makeDirectory(folder)
            _ = try Platform.makeDirectory(files)
            _ = try Platform.makeDirectory(mappingsFolder)
        } catch {
            throw .store("cannot make the stubs folder \(folder): \(error.reason)")
        }
        for file in generated.files {
            do throws(PageStoreError) {
                try DurableFolderFile.write(file.bytes, named: file.name, in: files)
            } catch {
                throw .store("cannot write \(files)/\(file.name): \(error)")
            }
        }
        for mapping in mappings {
            let name = (mapping.name.map { $0 + "-" } ?? "") + mapping.id.prefix(8) + ".json"
            do throws(PageStoreError) {
                try DurableFolderFile.write(Array(mapping.jsonValue.description.utf8), named: name, in: mappingsFolder)
            } catch {
                throw .store("cannot write \(mappingsFolder)/\(name): \(error)")
            }
            try add(mapping)
            lock.withLock { _ = folderIDs.insert(mapping.id) }
        }
        watchQueue.sync { folderStamp = stamp() }
    }
}
