# The field tables of docs/source.md and docs/viewer.md are what kiln-fielddoc writes from the one
# field table the viewer's tooltips read (engine/source/field_help.cpp).
if(TARGET kiln-fielddoc)
  add_test(NAME "source: the field tables of docs/source.md and docs/viewer.md are kiln-fielddoc's output"
           COMMAND $<TARGET_FILE:kiln-fielddoc> --check ${PROJECT_SOURCE_DIR})
  set_tests_properties("source: the field tables of docs/source.md and docs/viewer.md are kiln-fielddoc's output"
                       PROPERTIES LABELS "source;docs")
endif()
