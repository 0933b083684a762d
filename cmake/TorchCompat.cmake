# What differs between the two supported LibTorches (Debian's 1.13, CPU-only, and the 2.x inside
# PyPI's CUDA torch wheel), settled in one place after find_package(Torch).

# Recent LibTorch 2.x refuses to compile below C++20 (torch/all.h: "#error C++20 or later …").
# Our own code is C++17 and is compiled as C++20 only against a LibTorch that asks for it:
# read the requirement from its header rather than guess the version that introduced it.
find_file(tk_torch_all_h torch/all.h PATHS ${TORCH_INCLUDE_DIRS} NO_DEFAULT_PATH)
if(tk_torch_all_h)
    file(STRINGS "${tk_torch_all_h}" tk_needs_cxx20 REGEX "__cplusplus < 202002L")
    if(tk_needs_cxx20)
        set(CMAKE_CXX_STANDARD 20)
    endif()
endif()
unset(tk_torch_all_h CACHE)

# TorchConfig finds c10 with find_library(), which searches the system's directories before
# its own: with Debian's libtorch-dev installed too, a wheel's config would link Debian's
# libc10.so next to its own libtorch. Look again, in its own folder only.
foreach(lib c10 TORCH)
    string(TOLOWER "${lib}" name)
    string(FIND "${${lib}_LIBRARY}" "${TORCH_INSTALL_PREFIX}/" at)
    if(${lib}_LIBRARY AND TORCH_INSTALL_PREFIX AND NOT at EQUAL 0)
        unset(tk_own_${name} CACHE)
        find_library(tk_own_${name} ${name} PATHS "${TORCH_INSTALL_PREFIX}/lib" NO_DEFAULT_PATH REQUIRED)
        list(FIND TORCH_LIBRARIES "${${lib}_LIBRARY}" i)
        if(i GREATER -1)
            list(REMOVE_AT TORCH_LIBRARIES ${i})
            list(INSERT TORCH_LIBRARIES ${i} "${tk_own_${name}}")
        endif()
        message(STATUS "LibTorch: ${name} from ${tk_own_${name}}, not ${${lib}_LIBRARY}")
        set(${lib}_LIBRARY "${tk_own_${name}}" CACHE FILEPATH "LibTorch's ${name}" FORCE)
    endif()
endforeach()

# Debian's Qt is built with the C++11 ABI of libstdc++; a LibTorch built with the old ABI
# (some pre-2.7 downloads) cannot share std::string with it. Say so instead of failing at link.
if(TORCH_CXX_FLAGS MATCHES "_GLIBCXX_USE_CXX11_ABI=0")
    message(FATAL_ERROR "This LibTorch was built with the pre-C++11 libstdc++ ABI "
                        "(${TORCH_CXX_FLAGS}), which Debian's Qt cannot link with. Use the "
                        "cxx11-abi LibTorch download or the torch wheel of scripts/torch-wheel.txt.")
endif()

# The LibTorch inside a Python torch package (a wheel) rather than a system or zip install.
if(EXISTS "${TORCH_INSTALL_PREFIX}/__init__.py")
    set(TK_TORCH_WHEEL ON)
else()
    set(TK_TORCH_WHEEL OFF)
endif()

if(TARGET torch_cuda OR CAFFE2_USE_CUDA)
    set(TK_CUDA ON)
else()
    set(TK_CUDA OFF)
endif()

# A wheel's LibTorch finds its CUDA libraries (cuBLAS, cuDNN, NCCL, … in site-packages/nvidia/*/lib)
# because `import torch` loads them first. A C++ program has no such step: libtorch_cuda.so has no
# run path of its own, so the loader would take the CUDA toolkit's copies from ld.so.cache (NCCL
# there is older: undefined symbols at link). Link and run against the wheel's own: its cudart and
# NVRTC instead of the toolkit's, its folders in the run path, and DT_RPATH rather than
# DT_RUNPATH, because only DT_RPATH also applies to the libraries that libtorch_cuda.so needs.
get_filename_component(tk_site_packages "${TORCH_INSTALL_PREFIX}/.." ABSOLUTE)
file(GLOB tk_wheel_cuda_dirs LIST_DIRECTORIES true "${tk_site_packages}/nvidia/*/lib")
if(TK_CUDA AND tk_wheel_cuda_dirs)
    file(GLOB tk_wheel_cudart "${tk_site_packages}/nvidia/*/lib/libcudart.so.[0-9]*")
    file(GLOB tk_wheel_nvrtc "${tk_site_packages}/nvidia/*/lib/libnvrtc.so.[0-9]*")
    if(TARGET CUDA::cudart AND tk_wheel_cudart)
        set_target_properties(CUDA::cudart PROPERTIES IMPORTED_LOCATION "${tk_wheel_cudart}")
    endif()
    if(CUDA_NVRTC_LIB AND tk_wheel_nvrtc)
        list(TRANSFORM TORCH_LIBRARIES REPLACE "^${CUDA_NVRTC_LIB}$" "${tk_wheel_nvrtc}")
    endif()
    list(APPEND CMAKE_BUILD_RPATH ${tk_wheel_cuda_dirs})
    add_link_options(LINKER:--disable-new-dtags)
    message(STATUS "LibTorch: the wheel's CUDA libraries, from ${tk_site_packages}/nvidia")
endif()
