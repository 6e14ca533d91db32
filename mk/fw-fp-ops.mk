# Firmware, part of mk/firmware.mk: footprint operations (what each
# footprint image calls, the record fields it yields) and the one-curve or
# one-modulus library builds they link.
# ---- footprint operations: image suffix -> option and result fields ----
FP_AES_OPS := aes-cbc-enc-sb aes-cbc-enc-df aes-cbc-dec-sb aes-cbc-dec-df \
  aes-ccm-enc aes-ccm-dec aes-gcm-enc aes-gcm-dec aes-gcm-enc-df aes-gcm-dec-df
FP_DES3_OPS := 3des-cbc-enc-sb 3des-cbc-enc-df 3des-cbc-dec-sb 3des-cbc-dec-df
fp_hash_ops = $(foreach h,$(1),$(h)-sb $(h)-df $(h)-tag)
# $(call fp_cbc,op,OPTION,family,fields)
define fp_op
FP_DEF_$(1) := $(2)
FP_FIELDS_$(1) := $(3)
endef
$(foreach d,enc dec,$(foreach m,sb df,\
  $(eval $(call fp_op,aes-cbc-$(d)-$(m),-DCP_FP_AES_CBC_$(if $(filter enc,$(d)),ENC,DEC),family=AES$(,)cipher_mode=CBC$(,)measure=$(if $(filter sb,$(m)),sole-buffer,data-flow)$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))\
  $(eval $(call fp_op,3des-cbc-$(d)-$(m),-DCP_FP_DES3_CBC_$(if $(filter enc,$(d)),ENC,DEC),family=3DES$(,)cipher_mode=CBC$(,)measure=$(if $(filter sb,$(m)),sole-buffer,data-flow)$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))))
FP_CHACHA_OPS := chachapoly-enc chachapoly-dec
$(foreach d,enc dec,$(eval $(call fp_op,chachapoly-$(d),-DCP_FP_CHACHAPOLY_$(if $(filter enc,$(d)),ENC,DEC),family=ChaCha20-Poly1305$(,)measure=sole-buffer$(,)operation=$(if $(filter enc,$(d)),encryption,decryption))))
$(foreach a,ccm gcm,$(foreach d,enc dec,\
  $(eval $(call fp_op,aes-$(a)-$(d),-DCP_FP_AES_$(if $(filter ccm,$(a)),CCM,GCM)_$(if $(filter enc,$(d)),ENC,DEC),family=AES$(,)cipher_mode=$(if $(filter ccm,$(a)),CCM,GCM)$(,)measure=sole-buffer$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))))
# GCM's data flow is its own function (the library's incremental calls).
$(foreach d,enc dec,\
  $(eval $(call fp_op,aes-gcm-$(d)-df,-DCP_FP_AES_GCM_FLOW_$(if $(filter enc,$(d)),ENC,DEC),family=AES$(,)cipher_mode=GCM$(,)measure=data-flow$(,)operation=$(if $(filter enc,$(d)),encryption,decryption))))
FW_ALL_HASHES := $(sort $(foreach l,$(FW_LIBS),$($(call fw_uc,$(l))_HASHES_AXIS) \
  $(foreach v,$($(call fw_uc,$(l))_VERSIONS),$($(call fw_uc,$(l))_HASHES_PLAIN_$(v)))))
$(foreach h,$(FW_ALL_HASHES),\
  $(eval $(call fp_op,$(h)-sb,-DCP_FP_HASH_DIGEST=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=sole-buffer$(,)operation=digest))\
  $(eval $(call fp_op,$(h)-df,-DCP_FP_HASH_FLOW=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=data-flow$(,)operation=digest))\
  $(eval $(call fp_op,$(h)-tag,-DCP_FP_HASH_FINISH=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=tag-generation$(,)operation=tag-generation)))

# Families only some libraries have (ops_edwards.h, ops_pq.h). An option
# CP_FP_<OP>; FP_AXIS_<op> names the field that carries the configuration
# label when it is not `configuration`.
FP_EDWARDS_OPS := ed25519-sign ed25519-verify ed448-sign ed448-verify \
  xdh-x25519-public xdh-x25519-shared xdh-x448-public xdh-x448-shared
FP_PQ_OPS := mldsa-keygen mldsa-sign mldsa-verify mlkem-keygen mlkem-encaps mlkem-decaps lms-verify
fp_upper = $(shell echo '$(1)' | tr 'a-z-' 'A-Z_')
$(foreach c,ed25519 ed448,\
  $(eval $(call fp_op,$(c)-sign,-DCP_FP_$(call fp_upper,$(c))_SIGN,family=EdDSA$(,)curve=$(c)$(,)message_bytes=1023$(,)operation=signature))\
  $(eval $(call fp_op,$(c)-verify,-DCP_FP_$(call fp_upper,$(c))_VERIFY,family=EdDSA$(,)curve=$(c)$(,)message_bytes=1023$(,)operation=verification)))
$(foreach c,x25519 x448,\
  $(eval $(call fp_op,xdh-$(c)-public,-DCP_FP_$(call fp_upper,$(c))_PUBLIC,family=ECDH$(,)curve=$(c)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,xdh-$(c)-shared,-DCP_FP_$(call fp_upper,$(c))_SHARED,family=ECDH$(,)curve=$(c)$(,)operation=shared-secret)))
$(eval $(call fp_op,mldsa-keygen,-DCP_FP_MLDSA_KEYGEN,family=ML-DSA$(,)operation=key-generation))
$(eval $(call fp_op,mldsa-sign,-DCP_FP_MLDSA_SIGN,family=ML-DSA$(,)operation=signature))
$(eval $(call fp_op,mldsa-verify,-DCP_FP_MLDSA_VERIFY,family=ML-DSA$(,)operation=verification))
$(eval $(call fp_op,mlkem-keygen,-DCP_FP_MLKEM_KEYGEN,family=ML-KEM$(,)operation=key-generation))
$(eval $(call fp_op,mlkem-encaps,-DCP_FP_MLKEM_ENCAPS,family=ML-KEM$(,)operation=encapsulation))
$(eval $(call fp_op,mlkem-decaps,-DCP_FP_MLKEM_DECAPS,family=ML-KEM$(,)operation=decapsulation))
$(eval $(call fp_op,lms-verify,-DCP_FP_LMS_VERIFY,family=HBS-LMS$(,)operation=verification))
$(foreach o,$(FP_EDWARDS_OPS),$(eval FP_AXIS_$(o) := math_config))
$(foreach o,$(FP_PQ_OPS),$(eval FP_AXIS_$(o) := variant))
# The footprint operations of configuration $(3) of version $(2) (prefix
# $(1)), and the result fields of operation $(4) there: a port with more than
# one axis defines its own _FP_OPS and _FP_FIELDS (same arguments).
fw_fp_axis_ops = $(FP_AES_OPS) $(call fp_hash_ops,$($(1)_HASHES_AXIS)) $($(1)_FP_EXTRA_$(2))
fw_fp_ops_plain = $(call fw_fp_axis_ops,$(1),$(2)) \
  $(if $(filter fast,$(3)),$(FP_DES3_OPS) $(FP_CHACHA_OPS) $(call fp_hash_ops,$($(1)_HASHES_PLAIN_$(2))))
fw_fp_fields_plain = $(FP_FIELDS_$(4))$(if $(filter $(4),$(call fw_fp_axis_ops,$(1),$(2))),$(,)$(or $(FP_AXIS_$(4)),configuration)=$($(1)_CONFIG_LABEL_$(3)))$($(1)_FP_MORE_$(4))
fw_fp_ops = $(call $(if $($(1)_FP_OPS),$(1)_FP_OPS,fw_fp_ops_plain),$(1),$(2),$(3))
fw_fp_fields = $(call $(if $($(1)_FP_FIELDS),$(1)_FP_FIELDS,fw_fp_fields_plain),$(1),$(2),$(3),$(4))

# Public key: the operation with the set-up it needs (group or key), so that
# curve parameters and tables are charged to it, one image per curve and per
# modulus (the ST footprint rows): op names end in the curve or modulus. A
# port with one axis (the plain fields above) labels them with math_config;
# _FP_MORE_<op> adds fields.
FP_ECC_OPS := $(foreach c,$(FP_CURVES),ecdsa-sign-$(c) ecdsa-verify-$(c) ecdh-keygen-$(c) ecdh-shared-$(c))
FP_MONT_OPS := x25519-keygen x25519-shared x448-keygen x448-shared
FP_RSA_OPS := $(foreach m,$(FP_RSA_MODULI),rsa-v15-sign-$(m) rsa-pss-sign-$(m))
FP_RSA_VERIFY_OPS := $(foreach m,$(FP_RSA_MODULI),rsa-v15-verify-$(m) rsa-pss-verify-$(m))
FP_DH_OPS := $(foreach m,$(FP_DH_MODULI),dh-keygen-$(m) dh-shared-$(m))
$(foreach o,$(FP_ECC_OPS) $(FP_RSA_OPS) $(FP_RSA_VERIFY_OPS),$(eval FP_AXIS_$(o) := math_config))
$(foreach c,$(FP_CURVES),\
  $(eval $(call fp_op,ecdsa-sign-$(c),-DCP_FP_ECDSA_SIGN=$(FP_CURVE_ENUM_$(c)),family=ECDSA$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=signature))\
  $(eval $(call fp_op,ecdsa-verify-$(c),-DCP_FP_ECDSA_VERIFY=$(FP_CURVE_ENUM_$(c)),family=ECDSA$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=verification))\
  $(eval $(call fp_op,ecdh-keygen-$(c),-DCP_FP_ECDH_KEYGEN=$(FP_CURVE_ENUM_$(c)),family=ECDH$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=public-key-generation))\
  $(eval $(call fp_op,ecdh-shared-$(c),-DCP_FP_ECDH_SHARED=$(FP_CURVE_ENUM_$(c)),family=ECDH$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=shared-secret))\
  $(foreach o,ecdsa-sign ecdsa-verify ecdh-keygen ecdh-shared,$(eval FP_RESTRICTION_$(o)-$(c) := $(c))))
$(foreach x,x25519 x448,\
  $(eval $(call fp_op,$(x)-keygen,-DCP_FP_ECDH_KEYGEN=CP_$(subst x,X,$(x)),family=ECDH$(,)curve=$(x)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,$(x)-shared,-DCP_FP_ECDH_SHARED=CP_$(subst x,X,$(x)),family=ECDH$(,)curve=$(x)$(,)operation=shared-secret))\
  $(eval FP_RESTRICTION_$(x)-keygen := $(x))$(eval FP_RESTRICTION_$(x)-shared := $(x)))
$(foreach m,$(FP_RSA_MODULI),$(foreach p,v15:0:v1.5 pss:1:v2.1,\
  $(eval $(call fp_op,rsa-$(word 1,$(subst :, ,$(p)))-sign-$(m),-DCP_FP_RSA_SIGN=$(word 2,$(subst :, ,$(p))),family=RSA$(,)pkcs1=$(word 3,$(subst :, ,$(p)))$(,)modulus_bits=$(m)$(,)operation=signature))\
  $(eval $(call fp_op,rsa-$(word 1,$(subst :, ,$(p)))-verify-$(m),-DCP_FP_RSA_VERIFY=$(word 2,$(subst :, ,$(p))),family=RSA$(,)pkcs1=$(word 3,$(subst :, ,$(p)))$(,)modulus_bits=$(m)$(,)operation=verification))\
  $(eval FP_RESTRICTION_rsa-$(word 1,$(subst :, ,$(p)))-sign-$(m) := rsa$(m))\
  $(eval FP_RESTRICTION_rsa-$(word 1,$(subst :, ,$(p)))-verify-$(m) := rsa$(m))))
$(foreach m,$(FP_DH_MODULI),\
  $(eval $(call fp_op,dh-keygen-$(m),-DCP_FP_DH_KEYGEN,family=DH$(,)modulus_bits=$(m)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,dh-shared-$(m),-DCP_FP_DH_SHARED,family=DH$(,)modulus_bits=$(m)$(,)operation=shared-secret)))
# Footprint restrictions: the library rebuilt with only one curve or modulus
# (config headers read CP_ONLY_CURVE / CP_ONLY_RSA), as an application that
# needs only that would build it. A port lists the restrictions it honours
# (_RESTRICTS: the library has a switch for them), the sources that read the
# switches (_RESTRICT_SRC, compiled into an archive of their own and linked
# whole) and what that archive is linked over (_RESTRICT_BASE, of a version
# and configuration). An operation whose natural restriction the port does
# not honour (Mbed TLS's RSA: one bignum code for every modulus) links the
# configuration's library as it is, with one image per modulus all the same.
FP_RESTRICT_DEFS_p256 := -DCP_ONLY_CURVE=256
FP_RESTRICT_DEFS_p384 := -DCP_ONLY_CURVE=384
FP_RESTRICT_DEFS_p521 := -DCP_ONLY_CURVE=521
FP_RESTRICT_DEFS_x25519 := -DCP_ONLY_CURVE=25519
FP_RESTRICT_DEFS_x448 := -DCP_ONLY_CURVE=448
$(foreach m,$(FP_RSA_MODULI),$(eval FP_RESTRICT_DEFS_rsa$(m) := -DCP_ONLY_RSA=$(m)))
# The restriction an op of port $(1) is built under, or nothing.
fw_restriction = $(filter $(FP_RESTRICTION_$(2)),$($(1)_RESTRICTS))

