export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13"
  }
  public: {
    Tables: {
      analytics_salts: {
        Row: {
          created_at: string
          day: string
          salt: string
        }
        Insert: {
          created_at?: string
          day: string
          salt?: string
        }
        Update: {
          created_at?: string
          day?: string
          salt?: string
        }
        Relationships: []
      }
      app_settings: {
        Row: {
          admin_email: string
          admin_phone: string
          analytics_retention_days: number
          auto_confirm_bookings: boolean
          bill_margin_percent: number
          business_hours: string
          company_name: string
          customer_change_notice_hours: number
          day_before_reminder_hour: number
          default_service_area: string
          email_alerts: boolean
          emergency_contact: string
          executive_name: string
          executive_title: string
          id: boolean
          long_moves_run_over: boolean
          minimum_lead_days: number
          online_reschedule_limit: number
          refund_deposit_on_customer_cancel: boolean
          time_zone: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          admin_email: string
          admin_phone: string
          analytics_retention_days: number
          auto_confirm_bookings: boolean
          bill_margin_percent?: number
          business_hours: string
          company_name: string
          customer_change_notice_hours?: number
          day_before_reminder_hour?: number
          default_service_area: string
          email_alerts: boolean
          emergency_contact: string
          executive_name: string
          executive_title: string
          id?: boolean
          long_moves_run_over?: boolean
          minimum_lead_days?: number
          online_reschedule_limit?: number
          refund_deposit_on_customer_cancel?: boolean
          time_zone?: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          admin_email?: string
          admin_phone?: string
          analytics_retention_days?: number
          auto_confirm_bookings?: boolean
          bill_margin_percent?: number
          business_hours?: string
          company_name?: string
          customer_change_notice_hours?: number
          day_before_reminder_hour?: number
          default_service_area?: string
          email_alerts?: boolean
          emergency_contact?: string
          executive_name?: string
          executive_title?: string
          id?: boolean
          long_moves_run_over?: boolean
          minimum_lead_days?: number
          online_reschedule_limit?: number
          refund_deposit_on_customer_cancel?: boolean
          time_zone?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      app_settings_changes: {
        Row: {
          after: Json
          before: Json
          changed_at: string
          changed_by: string | null
          id: number
        }
        Insert: {
          after: Json
          before: Json
          changed_at?: string
          changed_by?: string | null
          id?: never
        }
        Update: {
          after?: Json
          before?: Json
          changed_at?: string
          changed_by?: string | null
          id?: never
        }
        Relationships: []
      }
      bill_payments: {
        Row: {
          balance_cents: number
          bill_id: string
          booking_id: string
          created_at: string
          failure_code: string | null
          id: string
          method: string
          paid_at: string | null
          status: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          tip_cents: number
        }
        Insert: {
          balance_cents: number
          bill_id: string
          booking_id: string
          created_at?: string
          failure_code?: string | null
          id?: string
          method?: string
          paid_at?: string | null
          status?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          tip_cents?: number
        }
        Update: {
          balance_cents?: number
          bill_id?: string
          booking_id?: string
          created_at?: string
          failure_code?: string | null
          id?: string
          method?: string
          paid_at?: string | null
          status?: string
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          tip_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "bill_payments_bill_id_fkey"
            columns: ["bill_id"]
            isOneToOne: false
            referencedRelation: "booking_bills"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bill_payments_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_bills: {
        Row: {
          accepted_estimate_cents: number
          approved_at: string | null
          balance_cents: number
          billed_at: string
          billed_by: string | null
          billed_minutes: number
          booking_id: string
          crew_name: string | null
          crew_number: number | null
          deposit_paid_cents: number
          discount_cents: number
          discount_reason: string | null
          hourly_rate_cents: number
          id: string
          lines: Json
          margin_percent: number
          needs_approval: boolean
          subtotal_cents: number
          total_cents: number
          worked_minutes: number
        }
        Insert: {
          accepted_estimate_cents: number
          approved_at?: string | null
          balance_cents: number
          billed_at?: string
          billed_by?: string | null
          billed_minutes: number
          booking_id: string
          crew_name?: string | null
          crew_number?: number | null
          deposit_paid_cents: number
          discount_cents?: number
          discount_reason?: string | null
          hourly_rate_cents: number
          id?: string
          lines: Json
          margin_percent: number
          needs_approval: boolean
          subtotal_cents: number
          total_cents: number
          worked_minutes: number
        }
        Update: {
          accepted_estimate_cents?: number
          approved_at?: string | null
          balance_cents?: number
          billed_at?: string
          billed_by?: string | null
          billed_minutes?: number
          booking_id?: string
          crew_name?: string | null
          crew_number?: number | null
          deposit_paid_cents?: number
          discount_cents?: number
          discount_reason?: string | null
          hourly_rate_cents?: number
          id?: string
          lines?: Json
          margin_percent?: number
          needs_approval?: boolean
          subtotal_cents?: number
          total_cents?: number
          worked_minutes?: number
        }
        Relationships: [
          {
            foreignKeyName: "booking_bills_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: true
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_bills_crew_number_fkey"
            columns: ["crew_number"]
            isOneToOne: false
            referencedRelation: "crews"
            referencedColumns: ["number"]
          },
        ]
      }
      booking_drafts: {
        Row: {
          created_at: string
          data: Json
          id: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          data?: Json
          id?: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          data?: Json
          id?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: []
      }
      booking_edits: {
        Row: {
          after: string | null
          before: string | null
          booking_id: string
          by_customer: boolean
          changed_at: string
          changed_by: string | null
          field: string
          id: string
        }
        Insert: {
          after?: string | null
          before?: string | null
          booking_id: string
          by_customer?: boolean
          changed_at?: string
          changed_by?: string | null
          field: string
          id?: string
        }
        Update: {
          after?: string | null
          before?: string | null
          booking_id?: string
          by_customer?: boolean
          changed_at?: string
          changed_by?: string | null
          field?: string
          id?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_edits_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_images: {
        Row: {
          booking_id: string
          created_at: string
          file_name: string
          id: string
          path: string
        }
        Insert: {
          booking_id: string
          created_at?: string
          file_name: string
          id?: string
          path: string
        }
        Update: {
          booking_id?: string
          created_at?: string
          file_name?: string
          id?: string
          path?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_images_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_status_events: {
        Row: {
          booking_id: string
          changed_at: string
          changed_by: string | null
          id: string
          status: string
        }
        Insert: {
          booking_id: string
          changed_at?: string
          changed_by?: string | null
          id?: string
          status: string
        }
        Update: {
          booking_id?: string
          changed_at?: string
          changed_by?: string | null
          id?: string
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_status_events_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_tallies: {
        Row: {
          bookings: number
          created_month: string
          moving_month: string
          status: string
          value_cents: number
        }
        Insert: {
          bookings: number
          created_month: string
          moving_month: string
          status: string
          value_cents: number
        }
        Update: {
          bookings?: number
          created_month?: string
          moving_month?: string
          status?: string
          value_cents?: number
        }
        Relationships: []
      }
      bookings: {
        Row: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        Insert: {
          balance_due_cents?: number | null
          billed_at?: string | null
          checkout_expires_at?: string | null
          cleaning_service?: boolean
          created_at?: string
          deep_cleaning_bedrooms?: number
          deposit_amount_cents?: number
          deposit_paid_at?: string | null
          deposit_status?: string
          draft_id?: string | null
          email: string
          estimated_cost_cents?: number | null
          estimated_hours?: number | null
          extra_movers?: number
          final_cost_cents?: number | null
          full_name: string
          hold_address?: string | null
          hold_browser?: string | null
          hold_expires_at?: string | null
          id?: string
          moving_date: string
          moving_from: string
          moving_time?: string | null
          moving_to: string
          new_date_requested_at?: string | null
          online_reschedules?: number
          packing_service?: boolean
          phone: string
          property_size?: string | null
          quote?: Json | null
          refund_due_at?: string | null
          service_type: string
          special_instructions?: string | null
          status?: string
          storage_service?: boolean
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          team_type: string
          tv_mounting?: number
          updated_at?: string
          user_id?: string | null
          version?: number
          version_at?: string
        }
        Update: {
          balance_due_cents?: number | null
          billed_at?: string | null
          checkout_expires_at?: string | null
          cleaning_service?: boolean
          created_at?: string
          deep_cleaning_bedrooms?: number
          deposit_amount_cents?: number
          deposit_paid_at?: string | null
          deposit_status?: string
          draft_id?: string | null
          email?: string
          estimated_cost_cents?: number | null
          estimated_hours?: number | null
          extra_movers?: number
          final_cost_cents?: number | null
          full_name?: string
          hold_address?: string | null
          hold_browser?: string | null
          hold_expires_at?: string | null
          id?: string
          moving_date?: string
          moving_from?: string
          moving_time?: string | null
          moving_to?: string
          new_date_requested_at?: string | null
          online_reschedules?: number
          packing_service?: boolean
          phone?: string
          property_size?: string | null
          quote?: Json | null
          refund_due_at?: string | null
          service_type?: string
          special_instructions?: string | null
          status?: string
          storage_service?: boolean
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          team_type?: string
          tv_mounting?: number
          updated_at?: string
          user_id?: string | null
          version?: number
          version_at?: string
        }
        Relationships: []
      }
      business_hours: {
        Row: {
          closes_at: string
          id: boolean
          opens_at: string
        }
        Insert: {
          closes_at?: string
          id?: boolean
          opens_at?: string
        }
        Update: {
          closes_at?: string
          id?: boolean
          opens_at?: string
        }
        Relationships: []
      }
      checkout_attempts: {
        Row: {
          created_at: string
          expires_at: string
          idempotency_key: string
          renewals: number
        }
        Insert: {
          created_at?: string
          expires_at: string
          idempotency_key: string
          renewals?: number
        }
        Update: {
          created_at?: string
          expires_at?: string
          idempotency_key?: string
          renewals?: number
        }
        Relationships: []
      }
      crews: {
        Row: {
          name: string
          number: number
        }
        Insert: {
          name: string
          number: number
        }
        Update: {
          name?: string
          number?: number
        }
        Relationships: []
      }
      customer_tallies: {
        Row: {
          bookings: number
          email: string | null
          email_key: string
          full_name: string | null
          last_booking_at: string | null
          phone: string | null
          spent_cents: number
        }
        Insert: {
          bookings: number
          email?: string | null
          email_key: string
          full_name?: string | null
          last_booking_at?: string | null
          phone?: string | null
          spent_cents?: number
        }
        Update: {
          bookings?: number
          email?: string | null
          email_key?: string
          full_name?: string | null
          last_booking_at?: string | null
          phone?: string | null
          spent_cents?: number
        }
        Relationships: []
      }
      deposit_refunds: {
        Row: {
          amount_cents: number
          booking_id: string
          id: string
          payment_intent_id: string
          refunded_at: string
          refunded_by: string | null
          stripe_refund_id: string | null
        }
        Insert: {
          amount_cents: number
          booking_id: string
          id?: string
          payment_intent_id: string
          refunded_at?: string
          refunded_by?: string | null
          stripe_refund_id?: string | null
        }
        Update: {
          amount_cents?: number
          booking_id?: string
          id?: string
          payment_intent_id?: string
          refunded_at?: string
          refunded_by?: string | null
          stripe_refund_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "deposit_refunds_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      housekeeping_runs: {
        Row: {
          claimed_at: string
          job: string
        }
        Insert: {
          claimed_at: string
          job: string
        }
        Update: {
          claimed_at?: string
          job?: string
        }
        Relationships: []
      }
      message_outbox: {
        Row: {
          attempts: number
          booking_id: string | null
          booking_version: number | null
          claimed_until: string | null
          created_at: string
          dedupe_key: string | null
          due_at: string
          facts: Json
          id: number
          kind: string
          last_error: string | null
          next_attempt_at: string | null
          provider_message_id: string | null
          recipient: string
          send_at_night: boolean
          sent_at: string | null
          status: string
        }
        Insert: {
          attempts?: number
          booking_id?: string | null
          booking_version?: number | null
          claimed_until?: string | null
          created_at?: string
          dedupe_key?: string | null
          due_at?: string
          facts?: Json
          id?: never
          kind: string
          last_error?: string | null
          next_attempt_at?: string | null
          provider_message_id?: string | null
          recipient: string
          send_at_night?: boolean
          sent_at?: string | null
          status?: string
        }
        Update: {
          attempts?: number
          booking_id?: string | null
          booking_version?: number | null
          claimed_until?: string | null
          created_at?: string
          dedupe_key?: string | null
          due_at?: string
          facts?: Json
          id?: never
          kind?: string
          last_error?: string | null
          next_attempt_at?: string | null
          provider_message_id?: string | null
          recipient?: string
          send_at_night?: boolean
          sent_at?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "message_outbox_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: false
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      money_tallies: {
        Row: {
          month: string
          revenue_cents: number
          service_type: string
          tip_cents: number
        }
        Insert: {
          month: string
          revenue_cents: number
          service_type: string
          tip_cents: number
        }
        Update: {
          month?: string
          revenue_cents?: number
          service_type?: string
          tip_cents?: number
        }
        Relationships: []
      }
      profiles: {
        Row: {
          address: string | null
          avatar_url: string | null
          bio: string | null
          created_at: string
          email: string | null
          full_name: string | null
          id: string
          phone: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          address?: string | null
          avatar_url?: string | null
          bio?: string | null
          created_at?: string
          email?: string | null
          full_name?: string | null
          id?: string
          phone?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          address?: string | null
          avatar_url?: string | null
          bio?: string | null
          created_at?: string
          email?: string | null
          full_name?: string | null
          id?: string
          phone?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      rate_limit_counters: {
        Row: {
          expires_at: string | null
          key: string
          points: number
        }
        Insert: {
          expires_at?: string | null
          key: string
          points: number
        }
        Update: {
          expires_at?: string | null
          key?: string
          points?: number
        }
        Relationships: []
      }
      role_permissions: {
        Row: {
          permission: string
          role: Database["public"]["Enums"]["app_role"]
        }
        Insert: {
          permission: string
          role: Database["public"]["Enums"]["app_role"]
        }
        Update: {
          permission?: string
          role?: Database["public"]["Enums"]["app_role"]
        }
        Relationships: []
      }
      saved_cards: {
        Row: {
          booking_id: string
          brand: string
          exp_month: number
          exp_year: number
          last4: string
          saved_at: string
          stripe_customer_id: string
          stripe_payment_method_id: string
        }
        Insert: {
          booking_id: string
          brand: string
          exp_month: number
          exp_year: number
          last4: string
          saved_at?: string
          stripe_customer_id: string
          stripe_payment_method_id: string
        }
        Update: {
          booking_id?: string
          brand?: string
          exp_month?: number
          exp_year?: number
          last4?: string
          saved_at?: string
          stripe_customer_id?: string
          stripe_payment_method_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_cards_booking_id_fkey"
            columns: ["booking_id"]
            isOneToOne: true
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      schedule_changes: {
        Row: {
          after: Json | null
          before: Json | null
          changed_at: string
          changed_by: string | null
          day: string | null
          id: string
          iso_weekday: number | null
        }
        Insert: {
          after?: Json | null
          before?: Json | null
          changed_at?: string
          changed_by?: string | null
          day?: string | null
          id?: string
          iso_weekday?: number | null
        }
        Update: {
          after?: Json | null
          before?: Json | null
          changed_at?: string
          changed_by?: string | null
          day?: string | null
          id?: string
          iso_weekday?: number | null
        }
        Relationships: []
      }
      schedule_days: {
        Row: {
          changed_at: string
          changed_by: string | null
          closed: boolean
          crews: number | null
          day: string
          reason: string | null
        }
        Insert: {
          changed_at?: string
          changed_by?: string | null
          closed?: boolean
          crews?: number | null
          day: string
          reason?: string | null
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          closed?: boolean
          crews?: number | null
          day?: string
          reason?: string | null
        }
        Relationships: []
      }
      service_tallies: {
        Row: {
          bookings: number
          service_type: string
          value_cents: number
        }
        Insert: {
          bookings: number
          service_type: string
          value_cents: number
        }
        Update: {
          bookings?: number
          service_type?: string
          value_cents?: number
        }
        Relationships: []
      }
      stripe_events: {
        Row: {
          event_id: string
          received_at: string
          type: string
        }
        Insert: {
          event_id: string
          received_at?: string
          type: string
        }
        Update: {
          event_id?: string
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      user_images: {
        Row: {
          file_name: string
          id: string
          image_url: string
          path: string
          thumbnail_path: string | null
          uploaded_at: string
          user_id: string
        }
        Insert: {
          file_name: string
          id?: string
          image_url: string
          path: string
          thumbnail_path?: string | null
          uploaded_at?: string
          user_id?: string
        }
        Update: {
          file_name?: string
          id?: string
          image_url?: string
          path?: string
          thumbnail_path?: string | null
          uploaded_at?: string
          user_id?: string
        }
        Relationships: []
      }
      user_role_changes: {
        Row: {
          changed_at: string
          changed_by: string | null
          granted: boolean
          id: number
          role: Database["public"]["Enums"]["app_role"]
          user_id: string | null
        }
        Insert: {
          changed_at?: string
          changed_by?: string | null
          granted: boolean
          id?: never
          role: Database["public"]["Enums"]["app_role"]
          user_id?: string | null
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          granted?: boolean
          id?: never
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string | null
        }
        Relationships: []
      }
      user_roles: {
        Row: {
          created_at: string
          id: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string
        }
        Relationships: []
      }
      website_analytics: {
        Row: {
          created_at: string
          event_type: string
          id: string
          page_path: string
          referrer: string | null
          session_id: string | null
          time_on_page: number | null
          user_agent: string | null
          user_id: string | null
          viewport_height: number | null
          viewport_width: number | null
          visitor_id: string | null
        }
        Insert: {
          created_at?: string
          event_type: string
          id?: string
          page_path: string
          referrer?: string | null
          session_id?: string | null
          time_on_page?: number | null
          user_agent?: string | null
          user_id?: string | null
          viewport_height?: number | null
          viewport_width?: number | null
          visitor_id?: string | null
        }
        Update: {
          created_at?: string
          event_type?: string
          id?: string
          page_path?: string
          referrer?: string | null
          session_id?: string | null
          time_on_page?: number | null
          user_agent?: string | null
          user_id?: string | null
          viewport_height?: number | null
          viewport_width?: number | null
          visitor_id?: string | null
        }
        Relationships: []
      }
      weekday_crews: {
        Row: {
          changed_at: string
          changed_by: string | null
          crews: number
          iso_weekday: number
        }
        Insert: {
          changed_at?: string
          changed_by?: string | null
          crews: number
          iso_weekday: number
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          crews?: number
          iso_weekday?: number
        }
        Relationships: []
      }
    }
    Views: {
      money_movements: {
        Row: {
          booking_id: string | null
          kind: string | null
          moved_at: string | null
          revenue_cents: number | null
          tip_cents: number | null
        }
        Relationships: []
      }
    }
    Functions: {
      add_draft_photos: {
        Args: { draft_id: string; max_photos: number; photos: Json }
        Returns: boolean
      }
      address_of_confirmation_link: {
        Args: { _token_hash: string }
        Returns: string
      }
      admin_analytics_months: {
        Args: { _at?: string }
        Returns: {
          bookings: number
          collected_cents: number
          month: string
          tips_cents: number
          value_cents: number
        }[]
      }
      admin_analytics_top_services: {
        Args: { _limit?: number }
        Returns: {
          bookings: number
          collected_cents: number
          service_type: string
          value_cents: number
        }[]
      }
      admin_analytics_totals: {
        Args: never
        Returns: {
          total_bookings: number
          value_cents: number
        }[]
      }
      admin_bookings_after: {
        Args: {
          _balance?: string
          _before_created_at?: string
          _before_id?: string
          _from?: string
          _limit?: number
          _search?: string
          _statuses?: string[]
          _to?: string
        }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      admin_bookings_count: {
        Args: {
          _balance?: string
          _from?: string
          _search?: string
          _statuses?: string[]
          _to?: string
        }
        Returns: number
      }
      admin_bookings_page: {
        Args: {
          _balance?: string
          _descending?: boolean
          _from?: string
          _limit?: number
          _offset?: number
          _search?: string
          _sort?: string
          _statuses?: string[]
          _to?: string
        }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      admin_bookings_where: {
        Args: {
          _balance?: string
          _from: string
          _search: string
          _statuses: string[]
          _to: string
        }
        Returns: string
      }
      admin_crew_tips: {
        Args: { _at?: string; _months?: number }
        Returns: {
          crew_name: string
          crew_number: number
          month: string
          tipped_moves: number
          tips_cents: number
        }[]
      }
      admin_customers_count: { Args: { _search?: string }; Returns: number }
      admin_customers_page: {
        Args: {
          _descending?: boolean
          _limit?: number
          _offset?: number
          _search?: string
          _sort?: string
        }
        Returns: {
          bookings: number
          email: string
          email_key: string
          full_name: string
          last_booking_at: string
          phone: string
          spent_cents: number
        }[]
      }
      admin_dashboard_stats: {
        Args: { _at?: string }
        Returns: {
          bookings_last_month: number
          bookings_this_month: number
          completed_moves: number
          pending_bookings: number
          total_bookings: number
        }[]
      }
      admin_money_collected: {
        Args: { _at?: string }
        Returns: {
          last_month_cents: number
          this_month_cents: number
          tips_last_month_cents: number
          tips_this_month_cents: number
          tips_total_cents: number
          total_cents: number
        }[]
      }
      admin_users_count: {
        Args: { _search?: string }
        Returns: {
          matching: number
          total: number
        }[]
      }
      admin_users_page: {
        Args: {
          _descending?: boolean
          _limit?: number
          _offset?: number
          _search?: string
          _sort?: string
        }
        Returns: {
          address: string
          avatar_url: string
          bio: string
          email: string
          full_name: string
          joined_at: string
          phone: string
          roles: Database["public"]["Enums"]["app_role"][]
          user_id: string
        }[]
      }
      admin_website_exit_pages: {
        Args: { _at?: string; _limit?: number }
        Returns: {
          exits: number
          page_path: string
          views: number
        }[]
      }
      admin_website_funnel: {
        Args: { _at?: string; _pages: string[] }
        Returns: {
          page_path: string
          step: number
          visitors: number
        }[]
      }
      admin_website_hourly_views: {
        Args: { _at?: string }
        Returns: {
          hour: string
          views: number
        }[]
      }
      admin_website_paid_sources: {
        Args: { _at?: string; _limit?: number; _paid_page: string }
        Returns: {
          name: string
          source: string
          visitors: number
        }[]
      }
      admin_website_popular_pages: {
        Args: { _at?: string; _limit?: number }
        Returns: {
          page_path: string
          views: number
        }[]
      }
      admin_website_recent_events: {
        Args: { _at?: string; _limit?: number }
        Returns: {
          created_at: string
          event_type: string
          page_path: string
          time_on_page: number
        }[]
      }
      admin_website_totals: {
        Args: { _at?: string }
        Returns: {
          anonymous_page_views: number
          average_seconds_on_site: number
          page_views: number
          timed_visitors: number
          visitors: number
        }[]
      }
      adopt_guest_draft: {
        Args: { _changed_since: string; _draft_id: string; _user_id: string }
        Returns: boolean
      }
      analytics_daily_salt: { Args: never; Returns: string }
      apply_bill_payment_event: {
        Args: {
          _amount_total?: number
          _effect: string
          _event_id: string
          _event_type: string
          _payment_intent_id?: string
          _session_id: string
        }
        Returns: string
      }
      apply_customer_cancellation: {
        Args: { _booking_id: string }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      apply_customer_reschedule: {
        Args: {
          _booking_id: string
          _moving_date: string
          _moving_time: string
        }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      apply_saved_card_payment_event: {
        Args: {
          _amount?: number
          _event_id: string
          _event_type: string
          _failure_code?: string
          _outcome: string
          _payment_id: string
          _payment_intent_id?: string
        }
        Returns: string
      }
      apply_stripe_checkout_event: {
        Args: {
          _confirm?: boolean
          _effect: string
          _event_id: string
          _event_type: string
          _payment_intent_id?: string
          _session_id?: string
        }
        Returns: string
      }
      apply_stripe_refund_event: {
        Args: {
          _amount_cents: number
          _event_id: string
          _event_type: string
          _payment_intent_id: string
          _refund_id: string
        }
        Returns: string
      }
      approve_move_bill: {
        Args: { _booking_id: string }
        Returns: {
          accepted_estimate_cents: number
          approved_at: string | null
          balance_cents: number
          billed_at: string
          billed_by: string | null
          billed_minutes: number
          booking_id: string
          crew_name: string | null
          crew_number: number | null
          deposit_paid_cents: number
          discount_cents: number
          discount_reason: string | null
          hourly_rate_cents: number
          id: string
          lines: Json
          margin_percent: number
          needs_approval: boolean
          subtotal_cents: number
          total_cents: number
          worked_minutes: number
        }
        SetofOptions: {
          from: "*"
          to: "booking_bills"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      bill_balance_due: { Args: { _bill_id: string }; Returns: number }
      bill_chargeable_now: {
        Args: { _bill: Database["public"]["Tables"]["booking_bills"]["Row"] }
        Returns: number
      }
      bill_lines_total: { Args: { _lines: Json }; Returns: number }
      bill_message_facts: {
        Args: { bill: Database["public"]["Tables"]["booking_bills"]["Row"] }
        Returns: Json
      }
      bill_move: {
        Args: { _bill: Json; _booking_id: string }
        Returns: {
          accepted_estimate_cents: number
          approved_at: string | null
          balance_cents: number
          billed_at: string
          billed_by: string | null
          billed_minutes: number
          booking_id: string
          crew_name: string | null
          crew_number: number | null
          deposit_paid_cents: number
          discount_cents: number
          discount_reason: string | null
          hourly_rate_cents: number
          id: string
          lines: Json
          margin_percent: number
          needs_approval: boolean
          subtotal_cents: number
          total_cents: number
          worked_minutes: number
        }
        SetofOptions: {
          from: "*"
          to: "booking_bills"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      booking_changed_by_customer: {
        Args: { _user_id: string }
        Returns: boolean
      }
      booking_checkout_abandoned: {
        Args: {
          _at: string
          _checkout_expires_at: string
          _deposit_status: string
          _hold_expires_at: string
          _status: string
        }
        Returns: boolean
      }
      booking_crew_minutes: {
        Args: {
          _closes: string
          _hours: number
          _moving_time: string
          _opens: string
        }
        Returns: unknown
      }
      booking_holds_crew: {
        Args: {
          _at: string
          _deposit_status: string
          _hold_expires_at: string
          _status: string
        }
        Returns: boolean
      }
      booking_message_facts: {
        Args: { b: Database["public"]["Tables"]["bookings"]["Row"] }
        Returns: Json
      }
      bookings_to_remind: {
        Args: { p_limit?: number }
        Returns: {
          booking_id: string
          changed_at: string
          moving_date: string
          moving_time: string
          version: number
        }[]
      }
      cancel_booking_by_manage_link: {
        Args: { _booking_id: string; _email: string }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      cancel_my_booking: {
        Args: { _booking_id: string }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      capacity_days: {
        Args: {
          _except_booking?: string
          _except_draft?: string
          _from: string
          _hours: number
          _slots: string[]
          _to: string
        }
        Returns: {
          closed: boolean
          crews: number
          crews_used: number
          day: string
          full: boolean
          reason: string
        }[]
      }
      capacity_leaves_out: { Args: { _booking_id: string }; Returns: string }
      capacity_slots: {
        Args: {
          _day: string
          _except_booking?: string
          _except_draft?: string
          _hours: number
          _slots: string[]
        }
        Returns: {
          fits: boolean
          slot: string
        }[]
      }
      checkout_attempt_expiry: {
        Args: { _earliest: string; _idempotency_key: string; _proposed: string }
        Returns: {
          attempt_expires_at: string
          attempt_renewals: number
        }[]
      }
      claim_due_messages: {
        Args: { p_lease_seconds: number; p_limit: number }
        Returns: {
          attempts: number
          booking_id: string | null
          booking_version: number | null
          claimed_until: string | null
          created_at: string
          dedupe_key: string | null
          due_at: string
          facts: Json
          id: number
          kind: string
          last_error: string | null
          next_attempt_at: string | null
          provider_message_id: string | null
          recipient: string
          send_at_night: boolean
          sent_at: string | null
          status: string
        }[]
        SetofOptions: {
          from: "*"
          to: "message_outbox"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_guest_booking: {
        Args: { _booking_id: string; _user_id: string }
        Returns: boolean
      }
      claim_guest_bookings_after_password_reset: {
        Args: never
        Returns: number
      }
      claim_housekeeping_run: { Args: never; Returns: boolean }
      company_month: { Args: { _at: string }; Returns: string }
      company_time_zone: { Args: never; Returns: string }
      crew_levels: {
        Args: {
          _at: string
          _days: string[]
          _except_booking: string
          _except_draft: string
          _probes: number[]
        }
        Returns: {
          at_minute: number
          crews_out: number
          day: string
        }[]
      }
      crew_occupancy: {
        Args: { _at: string; _days: string[] }
        Returns: {
          booking_id: string
          day: string
          draft_id: string
          span: unknown
        }[]
      }
      crew_peaks: {
        Args: {
          _at: string
          _days: string[]
          _except_booking: string
          _except_draft: string
          _hours: number
          _starts: string[]
        }
        Returns: {
          day: string
          day_peak: number
          peak: number
          span: unknown
          starts_at: string
        }[]
      }
      crews_of_days: {
        Args: { _days: string[] }
        Returns: {
          closed: boolean
          crews: number
          custom: boolean
          day: string
          reason: string
        }[]
      }
      customer_cancellation_notice: { Args: never; Returns: string }
      defer_message: {
        Args: { p_id: number; p_until: string }
        Returns: boolean
      }
      delete_rate_limit: { Args: { _key: string }; Returns: boolean }
      enqueue_booking_message: {
        Args: {
          p_booking_id: string
          p_due_at?: string
          p_facts?: Json
          p_kind: string
          p_send_at_night?: boolean
        }
        Returns: boolean
      }
      enqueue_office_day_list: {
        Args: { p_day: string; p_due_at: string }
        Returns: boolean
      }
      estimated_hours_for: { Args: { _property_size: string }; Returns: number }
      get_rate_limit: {
        Args: { _key: string }
        Returns: {
          ms_before_next: number
          points: number
        }[]
      }
      has_permission: { Args: { _permission: string }; Returns: boolean }
      hit_rate_limit: {
        Args: {
          _duration_ms: number
          _force_expiry?: boolean
          _key: string
          _points: number
        }
        Returns: {
          ms_before_next: number
          points: number
        }[]
      }
      hit_rate_limits: {
        Args: { _durations_ms: number[]; _keys: string[]; _points: number[] }
        Returns: {
          key: string
          ms_before_next: number
          points: number
        }[]
      }
      is_booking_quote: {
        Args: { _estimated_cost_cents: number; _quote: Json }
        Returns: boolean
      }
      is_time_zone: { Args: { _name: string }; Returns: boolean }
      last_applied_migration: {
        Args: never
        Returns: {
          applied_at: string
          name: string
          version: string
        }[]
      }
      manage_link_booking_id: {
        Args: { _booking_id: string; _email: string }
        Returns: string
      }
      mark_attempt_paid: {
        Args: {
          _amount: number
          _attempt: Database["public"]["Tables"]["bill_payments"]["Row"]
          _payment_intent_id: string
        }
        Returns: string
      }
      mark_bill_payment_paid: {
        Args: {
          _amount_total: number
          _payment_intent_id?: string
          _session_id: string
        }
        Returns: string
      }
      mark_deposit_paid: {
        Args: {
          _booking_id: string
          _confirm: boolean
          _payment_intent_id?: string
          _session_id: string
        }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      mark_deposit_refunded: {
        Args: {
          _amount_cents: number
          _payment_intent_id: string
          _refund_id: string
          _refunded_by: string
        }
        Returns: boolean
      }
      mark_message_failed: {
        Args: { p_error: string; p_id: number; p_retry_at?: string }
        Returns: boolean
      }
      mark_messages_sent: {
        Args: { p_ids: number[]; p_provider_message_ids: string[] }
        Returns: number
      }
      message_max_attempts: { Args: never; Returns: number }
      move_start_refusal: {
        Args: { _at: string; _day: string; _hours: number; _time: string }
        Returns: string
      }
      move_starts_at: {
        Args: { _moving_date: string; _moving_time: string }
        Returns: string
      }
      move_to_bill: {
        Args: { _booking_id: string }
        Returns: {
          billed: boolean
          cleaning_service: boolean
          crew_names: string[]
          crew_numbers: number[]
          day_crews: number
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_status: string
          estimated_cost_cents: number
          extra_movers: number
          full_name: string
          holding_booking_ids: string[]
          holding_ends: number[]
          holding_starts: number[]
          id: string
          moving_date: string
          moving_time: string
          packing_service: boolean
          service_type: string
          status: string
          storage_service: boolean
          team_type: string
          tv_mounting: number
        }[]
      }
      my_booking_counts: {
        Args: never
        Returns: {
          active: number
          completed: number
          total: number
        }[]
      }
      my_booking_id: { Args: { _booking_id: string }; Returns: string }
      my_bookings_page: {
        Args: { _limit?: number; _offset?: number }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      name_crews: {
        Args: { _names: Json }
        Returns: {
          name: string
          number: number
        }[]
        SetofOptions: {
          from: "*"
          to: "crews"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      newest_applied_migration: { Args: never; Returns: string }
      office_email: { Args: never; Returns: string }
      office_wants_email_alerts: { Args: never; Returns: boolean }
      open_bill_payment: {
        Args: { _booking_id: string; _replacing?: string; _tip_cents: number }
        Returns: {
          balance_cents: number
          bill_id: string
          booking_id: string
          created_at: string
          failure_code: string | null
          id: string
          method: string
          paid_at: string | null
          status: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          tip_cents: number
        }
        SetofOptions: {
          from: "*"
          to: "bill_payments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      open_saved_card_payment: {
        Args: { _booking_id: string; _replacing?: string }
        Returns: {
          balance_cents: number
          bill_id: string
          booking_id: string
          created_at: string
          failure_code: string | null
          id: string
          method: string
          paid_at: string | null
          status: string
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          tip_cents: number
        }
        SetofOptions: {
          from: "*"
          to: "bill_payments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      orphaned_storage_objects: {
        Args: { _limit?: number }
        Returns: {
          bucket_id: string
          name: string
        }[]
      }
      person_matches_search: {
        Args: {
          _email: string
          _full_name: string
          _phone: string
          _search: string
        }
        Returns: boolean
      }
      plan_booking_reminders: { Args: { p_reminders: Json }; Returns: number }
      purge_expired_rate_limits: { Args: never; Returns: number }
      purge_old_analytics: {
        Args: never
        Returns: {
          events_deleted: number
          salts_deleted: number
        }[]
      }
      purge_old_booking_drafts: {
        Args: { _limit?: number }
        Returns: {
          drafts_deleted: number
          photo_names: string[]
        }[]
      }
      purge_old_stripe_events: { Args: never; Returns: number }
      record_deposit_refund: {
        Args: { _amount_cents: number; _booking_id: string; _refund_id: string }
        Returns: boolean
      }
      record_owed_deposit_refund: {
        Args: { _amount_cents: number; _booking_id: string; _refund_id: string }
        Returns: boolean
      }
      recount_booking_tallies: { Args: never; Returns: undefined }
      recount_customer_tallies: { Args: never; Returns: undefined }
      recount_money_tallies: { Args: never; Returns: undefined }
      release_older_unpaid_holds: {
        Args: {
          _address: string
          _booking_id: string
          _browser: string
          _draft_id: string
          _email: string
          _user_id: string
        }
        Returns: number
      }
      remove_draft_photo: {
        Args: { draft_id: string; path: string }
        Returns: boolean
      }
      require_permission: { Args: { _permission: string }; Returns: undefined }
      require_service_role: { Args: { _what: string }; Returns: undefined }
      reschedule_booking_by_manage_link: {
        Args: {
          _booking_id: string
          _email: string
          _moving_date: string
          _moving_time: string
        }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reschedule_my_booking: {
        Args: {
          _booking_id: string
          _moving_date: string
          _moving_time: string
        }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      resend_message: {
        Args: { p_id: number }
        Returns: {
          attempts: number
          booking_id: string | null
          booking_version: number | null
          claimed_until: string | null
          created_at: string
          dedupe_key: string | null
          due_at: string
          facts: Json
          id: number
          kind: string
          last_error: string | null
          next_attempt_at: string | null
          provider_message_id: string | null
          recipient: string
          send_at_night: boolean
          sent_at: string | null
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "message_outbox"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_company_settings: { Args: { _settings: Json }; Returns: number }
      save_draft_answers: {
        Args: { answers: Json; draft_id: string; owner?: string }
        Returns: boolean
      }
      schedule_business_hours: {
        Args: never
        Returns: {
          closes_at: string
          opens_at: string
        }[]
      }
      schedule_day: {
        Args: { _day: string }
        Returns: {
          booking_id: string
          deposit_status: string
          ends_minute: number
          estimated_hours: number
          full_name: string
          hold_expires_at: string
          holds_crew: boolean
          moving_from: string
          moving_time: string
          moving_to: string
          new_date_requested_at: string
          online_reschedules: number
          starts_minute: number
          status: string
        }[]
      }
      schedule_overview: {
        Args: { _days: string[] }
        Returns: {
          bookings: number
          closed: boolean
          crews: number
          crews_used: number
          custom: boolean
          day: string
          reason: string
        }[]
      }
      set_booking_status: {
        Args: { _booking_id: string; _status: string }
        Returns: {
          balance_due_cents: number | null
          billed_at: string | null
          checkout_expires_at: string | null
          cleaning_service: boolean
          created_at: string
          deep_cleaning_bedrooms: number
          deposit_amount_cents: number
          deposit_paid_at: string | null
          deposit_status: string
          draft_id: string | null
          email: string
          estimated_cost_cents: number | null
          estimated_hours: number | null
          extra_movers: number
          final_cost_cents: number | null
          full_name: string
          hold_address: string | null
          hold_browser: string | null
          hold_expires_at: string | null
          id: string
          moving_date: string
          moving_from: string
          moving_time: string | null
          moving_to: string
          new_date_requested_at: string | null
          online_reschedules: number
          packing_service: boolean
          phone: string
          property_size: string | null
          quote: Json | null
          refund_due_at: string | null
          service_type: string
          special_instructions: string | null
          status: string
          storage_service: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          team_type: string
          tv_mounting: number
          updated_at: string
          user_id: string | null
          version: number
          version_at: string
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_schedule_day: {
        Args: {
          _ask_customers?: boolean
          _closed: boolean
          _crews: number
          _day: string
          _reason?: string
        }
        Returns: boolean
      }
      set_user_role: {
        Args: {
          _granted: boolean
          _role: Database["public"]["Enums"]["app_role"]
          _user_id: string
        }
        Returns: {
          changed: boolean
          email: string
          full_name: string
        }[]
      }
      set_weekday_crews: { Args: { _crews: number[] }; Returns: number }
      settle_saved_card_payment: {
        Args: {
          _amount?: number
          _failure_code?: string
          _outcome: string
          _payment_id: string
          _payment_intent_id?: string
        }
        Returns: string
      }
      signed_in_account: {
        Args: never
        Returns: {
          address: string
          avatar_url: string
          full_name: string
          phone: string
          roles: Database["public"]["Enums"]["app_role"][]
        }[]
      }
      storage_names_in_use: {
        Args: never
        Returns: {
          bucket_id: string
          name: string
        }[]
      }
      storage_used_by_bucket: {
        Args: never
        Returns: {
          bucket_id: string
          bytes: number
          objects: number
        }[]
      }
      tally_money: {
        Args: {
          _email_key: string
          _moved_at: string
          _revenue_cents: number
          _service_type: string
          _tip_cents: number
        }
        Returns: undefined
      }
      unpaid_holds_per_visitor: {
        Args: never
        Returns: {
          per_address: number
          per_browser: number
          per_email: number
        }[]
      }
      update_booking_details: {
        Args: {
          _booking_id: string
          _cleaning_service: boolean
          _deep_cleaning_bedrooms: number
          _email: string
          _estimated_cost_cents?: number
          _estimated_hours?: number
          _extra_movers: number
          _final_cost_cents: number
          _full_name: string
          _moving_date: string
          _moving_from: string
          _moving_time: string
          _moving_to: string
          _over_capacity?: boolean
          _packing_service: boolean
          _phone: string
          _property_size: string
          _quote?: Json
          _service_type: string
          _special_instructions: string
          _storage_service: boolean
          _team_type: string
          _tv_mounting: number
        }
        Returns: string[]
      }
    }
    Enums: {
      app_role: "admin" | "moderator" | "user"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["admin", "moderator", "user"],
    },
  },
} as const
