# Compiler flags shared by every Kiln target: warnings, determinism, sanitizers.
add_library(kiln_options INTERFACE)
target_compile_options(kiln_options INTERFACE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
if(KILN_WERROR)
  target_compile_options(kiln_options INTERFACE -Werror)
endif()

# Determinism: stored bounds must recompute bit-identically on every build, so engine code
# never contracts a*b+c into an FMA and never uses fast-math.
add_library(kiln_determinism INTERFACE)
target_compile_options(kiln_determinism INTERFACE -ffp-contract=off -fno-fast-math)

if(KILN_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
