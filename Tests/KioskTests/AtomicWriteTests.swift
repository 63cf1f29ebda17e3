// Syscall.writeFileAtomically: AppStorage's file and AsyncImage's kept copies are written through
// it (a temporary file beside the target, fsync, rename).
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

@Suite struct AtomicWriteTests {
    @Test func writesReplacesAndLeavesNoTemporaryFile() throws {
        let dir = imageFolder([], prefix: "kiosk-atomic")   // an empty temporary folder
        defer { _ = system("rm -rf '\(dir)'") }
        let path = dir + "/state.json"
        try Syscall.writeFileAtomically(path: path, bytes: Array("first".utf8), mode: 0o600)
        #expect(Syscall.readFile(path) == Array("first".utf8))
        try Syscall.writeFileAtomically(path: path, bytes: Array("second, longer".utf8), mode: 0o644, syncDirectory: true)
        #expect(Syscall.readFile(path) == Array("second, longer".utf8))
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o644, "the new file with its own mode")
        #expect(Syscall.listDirectory(dir) == ["state.json"])
    }

    @Test func aFailureThrowsAndKeepsTheOldFile() throws {
        let dir = imageFolder([], prefix: "kiosk-atomic")   // an empty temporary folder
        defer { _ = system("rm -rf '\(dir)'") }
        #expect(throws: Errno.self) { try Syscall.writeFileAtomically(path: dir + "/no/such/folder/x", bytes: [1], mode: 0o600) }
        // Renaming over a folder fails after the write: the temporary file is removed.
        mkdir(dir + "/taken", 0o755)
        mkdir(dir + "/taken/inside", 0o755)
        #expect(throws: Errno.self) { try Syscall.writeFileAtomically(path: dir + "/taken", bytes: [1, 2], mode: 0o600) }
        #expect(Syscall.listDirectory(dir) == ["taken"])
    }
}
