// FreeTypeHandle: the FT_Library, kept alive by every face made from it so that no FT_Face can
// outlive the library that owns its memory, whatever order Swift releases things in.
import CFreeType

final class FreeTypeHandle {
    let library: FT_Library

    init() throws {
        var lib: FT_Library?
        let err = FT_Init_FreeType(&lib)
        guard err == 0, let lib else { throw FontError.libraryInitFailed(what: "FreeType", code: err) }
        library = lib
    }

    deinit { FT_Done_FreeType(library) }
}
