import Synchronization

/// The installed font family names (lower-cased), listed once per process by `TextContext.installedFamilies`.
let installedFamilyCache = Mutex<Set<String>?>(nil)
