#define _GNU_SOURCE
#include "CForkServer.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Swift's compiler gives each concrete type it reaches by mangled name (a specialised generic, an optional, a tuple)
   a cache variable, "$s<type>MD", of 8 bytes. Until first use it holds the mangled name's offset from the variable
   (low 32 bits) and the name's length negated (high 32 bits), so it reads as a negative number; the first use asks
   the runtime for the metadata and stores its address there (`__swift_instantiateConcreteTypeFromMangledName`).
   That first lookup demangles the name and instantiates the metadata: 17 µs a type here, and a forked case met about
   54 such types for the first time, since each process fills its own caches. */

/* The runtime's entry point the compiler's helper calls (swift/Runtime/Metadata.h), swiftcall as it is declared. */
extern const void *swift_getTypeByMangledNameInContext2(const char *name, size_t length, const void *context,
                                                        const void *const *arguments) __attribute__((swiftcall));

static int main_program_base(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(ElfW(Addr) *)data = info->dlpi_addr;
    return 1; /* the first object listed is the program itself */
}

static int is_cache_variable(const char *name) {
    size_t length = strlen(name);
    return length > 4 && name[0] == '$' && name[1] == 's' && name[length - 2] == 'M' && name[length - 1] == 'D';
}

int mamconf_resolve_type_caches(void) {
    int file = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (file < 0) return -1;
    struct stat status;
    if (fstat(file, &status) != 0 || (size_t)status.st_size < sizeof(ElfW(Ehdr))) {
        close(file);
        return -1;
    }
    size_t size = (size_t)status.st_size;
    const unsigned char *image = mmap(NULL, size, PROT_READ, MAP_PRIVATE, file, 0);
    close(file);
    if (image == MAP_FAILED) return -1;

    int resolved = -1;
    const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)image;
    if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64 ||
        header->e_shentsize != sizeof(ElfW(Shdr)) || header->e_shoff == 0 ||
        header->e_shoff + (size_t)header->e_shnum * sizeof(ElfW(Shdr)) > size) {
        goto done;
    }
    ElfW(Addr) base = 0;
    dl_iterate_phdr(main_program_base, &base);
    const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(image + header->e_shoff);
    resolved = 0;
    for (int s = 0; s < header->e_shnum; s++) {
        /* Only the full symbol table names these variables (they are local); a stripped program has none. */
        if (sections[s].sh_type != SHT_SYMTAB || sections[s].sh_link >= header->e_shnum) continue;
        const ElfW(Shdr) *names = &sections[sections[s].sh_link];
        if (sections[s].sh_offset + sections[s].sh_size > size || names->sh_offset + names->sh_size > size) continue;
        const ElfW(Sym) *symbols = (const ElfW(Sym) *)(image + sections[s].sh_offset);
        size_t count = sections[s].sh_size / sizeof(ElfW(Sym));
        const char *strings = (const char *)(image + names->sh_offset);
        for (size_t i = 0; i < count; i++) {
            const ElfW(Sym) *symbol = &symbols[i];
            /* A variable defined in one of the program's own sections (not undefined, absolute or common). */
            if (ELF64_ST_TYPE(symbol->st_info) != STT_OBJECT || symbol->st_size != 8 || symbol->st_shndx == SHN_UNDEF ||
                symbol->st_shndx >= SHN_LORESERVE || symbol->st_name >= names->sh_size ||
                !is_cache_variable(strings + symbol->st_name)) {
                continue;
            }
            int64_t *cache = (int64_t *)(base + symbol->st_value);
            int64_t value = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
            if (value >= 0) continue; /* filled already */
            const char *mangled = (const char *)cache + (int32_t)(value & 0xffffffff);
            size_t length = (size_t)(-(value >> 32));
            const void *metadata = swift_getTypeByMangledNameInContext2(mangled, length, NULL, NULL);
            /* A name the runtime cannot resolve stays as it was: its first real use fails as it would have. */
            if (metadata == NULL) continue;
            __atomic_store_n(cache, (int64_t)(intptr_t)metadata, __ATOMIC_RELEASE);
            resolved++;
        }
    }
done:
    munmap((void *)image, size);
    return resolved;
}
