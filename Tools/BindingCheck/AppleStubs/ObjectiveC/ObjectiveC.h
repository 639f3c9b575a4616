// mamconf's type-checking stand-in for the Objective-C runtime headers (<objc/objc.h>, <objc/NSObject.h>):
// declarations only, written for mamconf, so that the Swift importer on Linux imports the Intune SDK's headers
// as it does on iOS (arm64: BOOL is bool). See ../README.md for what it does not reproduce.
#ifndef MAMCONF_STUB_OBJECTIVEC_H
#define MAMCONF_STUB_OBJECTIVEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <limits.h>
#include <sys/types.h>

typedef bool BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

typedef long NSInteger;
typedef unsigned long NSUInteger;

typedef struct objc_class *Class;
typedef struct objc_object { Class _Nonnull isa; } *id;
typedef struct objc_selector *SEL;
typedef struct _NSZone NSZone;

#define OBJC_EXPORT extern
#define OBJC_ROOT_CLASS __attribute__((objc_root_class))

@class NSString, Protocol;

#pragma clang assume_nonnull begin

@protocol NSObject
- (BOOL)isEqual:(nullable id)object;
@property (readonly) NSUInteger hash;
@property (readonly) Class superclass;
- (Class)class __attribute__((swift_name("type()")));
- (instancetype)self;
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)isMemberOfClass:(Class)aClass;
- (BOOL)conformsToProtocol:(Protocol *)aProtocol;
- (BOOL)respondsToSelector:(SEL)aSelector;
@property (readonly, copy) NSString *description;
@optional
@property (readonly, copy) NSString *debugDescription;
@end

OBJC_ROOT_CLASS
@interface NSObject <NSObject>
+ (instancetype)new;
+ (instancetype)alloc;
- (instancetype)init;
+ (Class)class;
@end

#pragma clang assume_nonnull end

#endif
