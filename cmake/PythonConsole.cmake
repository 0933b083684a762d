# The PyTorch console embeds CPython and shares tensors with Python's own torch module. That is
# only safe when Python's torch wraps the very LibTorch this app links (one copy in the
# process); otherwise the console stays off. Decided here without importing torch: its package
# folder comes from importlib's find_spec, its version from version.py.

set(TK_PYTHON_CONSOLE AUTO CACHE STRING "Build the PyTorch console (AUTO, ON or OFF)")
set_property(CACHE TK_PYTHON_CONSOLE PROPERTY STRINGS AUTO ON OFF)
# Why the console is off: a kind the app words in the user's language (pythonconsole_none.cpp),
# its details (paths, versions: not translated), and the English line for CMake's log.
set(tk_console_why "")
set(tk_console_kind "")
set(tk_console_args "")
set(tk_console OFF)

if(NOT TK_PYTHON_CONSOLE STREQUAL "OFF")
    # The interpreter that owns the torch package, not the first python3 on PATH (a pyenv shim
    # would bring its own headers and libpython).
    set(Python3_EXECUTABLE "${TK_PYTHON}")
    find_package(Python3 COMPONENTS Interpreter Development.Embed)
    execute_process(
        COMMAND "${TK_PYTHON}" -c "import importlib.util,os,re,sys
s=importlib.util.find_spec('torch')
if s is None or not s.origin: sys.exit('no torch package')
d=os.path.dirname(os.path.realpath(s.origin))
v=re.search(r\"__version__\\s*=\\s*'([0-9]+[.][0-9]+[.][0-9]+)\", open(os.path.join(d,'version.py')).read())
print(d+';'+(v.group(1) if v else '?'), end='')"
        OUTPUT_VARIABLE tk_py_torch ERROR_VARIABLE tk_py_err RESULT_VARIABLE tk_py_rc)
    # Headers: a wheel bundles the pybind11 its libtorch_python was built with; Debian's
    # pybind11-dev matches Debian's. TORCH_INCLUDE_DIRS comes first so the two never mix.
    find_path(TK_PYBIND11_INCLUDE pybind11/embed.h PATHS ${TORCH_INCLUDE_DIRS} /usr/include NO_DEFAULT_PATH)
    find_path(TK_TORCH_PYTHON_INCLUDE torch/csrc/autograd/python_variable.h
              PATHS ${TORCH_INCLUDE_DIRS} NO_DEFAULT_PATH)
    if(TK_TORCH_WHEEL)
        find_library(TK_TORCH_PYTHON_LIBRARY torch_python PATHS "${TORCH_INSTALL_PREFIX}/lib" NO_DEFAULT_PATH)
    else()
        find_library(TK_TORCH_PYTHON_LIBRARY torch_python)
    endif()

    if(NOT Python3_Development.Embed_FOUND)
        set(tk_console_why "no Python development files for ${TK_PYTHON} (python3-dev)")
        set(tk_console_kind "no-dev")
        set(tk_console_args "${TK_PYTHON}")
    elseif(NOT tk_py_rc EQUAL 0)
        string(REGEX REPLACE "[\r\n\";]+" " " tk_py_err "${tk_py_err}") # one line, no list separators
        string(STRIP "${tk_py_err}" tk_py_err)
        set(tk_console_why "${TK_PYTHON} has no torch package (${tk_py_err})")
        set(tk_console_kind "no-torch")
        set(tk_console_args "${TK_PYTHON}" "${tk_py_err}")
    elseif(NOT TK_PYBIND11_INCLUDE)
        set(tk_console_why "no pybind11 headers (pybind11-dev)")
        set(tk_console_kind "no-pybind11")
    elseif(NOT TK_TORCH_PYTHON_INCLUDE OR NOT TK_TORCH_PYTHON_LIBRARY)
        set(tk_console_why "this LibTorch has no Python bindings (libtorch_python)")
        set(tk_console_kind "no-bindings")
    else()
        list(GET tk_py_torch 0 TK_CONSOLE_TORCH_DIR)
        list(GET tk_py_torch 1 tk_py_torch_version)
        string(REGEX MATCH "^[0-9]+\\.[0-9]+\\.[0-9]+" tk_libtorch_version "${Torch_VERSION}")
        if(NOT tk_py_torch_version STREQUAL tk_libtorch_version)
            set(tk_console_why "Python's torch ${tk_py_torch_version} (${TK_CONSOLE_TORCH_DIR}) is not the LibTorch ${tk_libtorch_version} this app links")
            set(tk_console_kind "other-torch")
            set(tk_console_args "${tk_py_torch_version}" "${TK_CONSOLE_TORCH_DIR}" "${tk_libtorch_version}")
        else()
            set(tk_console ON)
        endif()
    endif()
    if(TK_PYTHON_CONSOLE STREQUAL "ON" AND NOT tk_console)
        message(FATAL_ERROR "TK_PYTHON_CONSOLE=ON but: ${tk_console_why}")
    endif()
endif()

if(tk_console)
    message(STATUS "PyTorch console: on (Python ${Python3_VERSION}, torch at ${TK_CONSOLE_TORCH_DIR})")
else()
    if(NOT tk_console_why)
        set(tk_console_why "switched off (TK_PYTHON_CONSOLE=OFF)")
        set(tk_console_kind "switched-off")
    endif()
    message(STATUS "PyTorch console: off: ${tk_console_why}")
endif()
set(TK_CONSOLE ${tk_console})
set(TK_CONSOLE_OFF_KIND "${tk_console_kind}")
list(APPEND tk_console_args "" "" "") # three details, empty where a kind has fewer
list(GET tk_console_args 0 TK_CONSOLE_OFF_ARG1)
list(GET tk_console_args 1 TK_CONSOLE_OFF_ARG2)
list(GET tk_console_args 2 TK_CONSOLE_OFF_ARG3)
