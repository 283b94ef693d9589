@_exported import enum ShortcutStore.PageID
// The store's value types that the services hand out and take: a record read (`StoredPage`), a listing's
// entry (`PageSummary`), a mock's play counts (`PageStats`), the id rule (`PageID`) and the store's refusals
// (`PageStoreError`, inside `ServiceError.store`), a lookup's answer with a damaged record's report (`PageLookup`,
// `RecordDamage`) and the store's problems (`StoreProblem`). Re-exported one by one, so a layer above (the routes)
// that imports the services can name them, while the store itself (`PageStore`: files, locks, writes) stays
// out of its reach: only the services open it.
@_exported import enum ShortcutStore.PageLookup
@_exported import struct ShortcutStore.PageStats
@_exported import enum ShortcutStore.PageStoreError
@_exported import struct ShortcutStore.PageSummary
@_exported import struct ShortcutStore.RecordDamage
@_exported import enum ShortcutStore.ServerRegistry
@_exported import struct ShortcutStore.StoreProblem
@_exported import struct ShortcutStore.StoredPage
